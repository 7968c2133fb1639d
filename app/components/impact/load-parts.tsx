import { formatCo2e, formatKg } from "~/features/impact/format";
import type { ImpactFigures } from "~/features/impact/wire";

/**
 * The member's part in loads that changed hands (docs/decisions/043), each figure saying which it
 * is: what they diverted (and of it, what still waits for a later holder to set its fate), what
 * they received, what they recovered themselves. Shown on the dashboard and the report; nothing
 * when they took no part in a hand-over in the dates.
 */
export function LoadParts({ totals }: { totals: ImpactFigures }) {
  if (totals.diverted_kg === 0 && totals.received_kg === 0 && totals.recovered_kg === 0) return null;
  const parts = [
    {
      term: "Diverted",
      value: formatKg(totals.diverted_kg),
      detail: "Handed on to another member for recovery.",
    },
    {
      term: "Fate pending",
      value: `${formatKg(totals.fate_pending_kg)} · ${formatCo2e(totals.fate_pending_co2e_kg)}`,
      detail:
        "Of what you diverted, what no later holder has yet recorded a final treatment for. Its CO2e is credited to you until they do, then moves to them.",
    },
    {
      term: "Received",
      value: formatKg(totals.received_kg),
      detail: "Taken over from another member. Its CO2e stays with whoever handed it on, until you record what you did with it.",
    },
    {
      term: "Recovered",
      value: `${formatKg(totals.recovered_kg)} · ${formatCo2e(totals.recovered_co2e_kg)}`,
      detail: "Treated by a final operation you recorded on a lot: its CO2e is credited to you.",
    },
  ];
  return (
    <section
      aria-labelledby="load-parts-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:shadow-none"
    >
      <h3 id="load-parts-title" className="font-semibold text-slate-900">
        Your part in loads that changed hands
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Each kilogram and its CO2e are claimed once: by who handed it on until its fate is set, then by who set it.
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {parts.map((part) => (
          <div key={part.term} className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{part.term}</dt>
            <dd className="font-semibold break-words text-slate-900">{part.value}</dd>
            <dd className="text-xs break-words text-slate-500">{part.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
