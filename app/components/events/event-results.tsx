import { Link } from "~/lib/link";
import type { EventResults } from "~/features/events/results";
import { co2eAvoided, formatEnteredKg, formatKg, kgNumber } from "~/features/impact/format";
import { MATERIAL_LABELS, TREATMENT_LABELS } from "~/features/impact/vocabulary";
import { numberFormat } from "~/lib/intl";

const whole = numberFormat({ maximumFractionDigits: 2 });

/**
 * What an event achieved, for its pages (public and signed in): the weight collected and the CO2e
 * it avoided, each line with its own, the counts recorded, the organiser's note and the factor
 * table the CO2e comes from. Before any results: a line saying so, and for the organiser (with
 * `recordHref`) the way to record them.
 */
export function EventResultsSection({
  results,
  recordHref,
  headingLevel = 2,
}: {
  results: EventResults | null;
  recordHref?: string;
  /** The level of its "Results" heading on the page it sits in. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const counts = results
    ? [
        { label: "Items repaired", value: results.items_repaired },
        { label: "Items checked", value: results.items_checked },
        { label: "Volunteers", value: results.volunteers },
        { label: "Volunteer hours", value: results.hours },
      ].filter((count): count is { label: string; value: number } => count.value !== null)
    : [];
  return (
    <section aria-labelledby="event-results-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id="event-results-title" className="text-xl font-bold text-slate-900">
          Results
        </Heading>
        {recordHref ? (
          <Link to={recordHref} className="font-medium text-brand-700 hover:underline">
            {results ? "Change the results" : "Record the results"}
          </Link>
        ) : null}
      </div>
      {!results ? (
        <p className="mt-2 text-slate-600">Results not recorded yet.</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
            <div className="rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
              <dt className="text-sm text-emerald-900">Weight collected</dt>
              <dd className="text-lg font-semibold text-emerald-950">{formatKg(results.totals.weight_kg)}</dd>
            </div>
            <div className="rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
              <dt className="text-sm text-emerald-900">CO2e</dt>
              <dd className="text-lg font-semibold text-emerald-950">{co2eAvoided(results.totals.co2e_kg)}</dd>
            </div>
            {counts.map((count) => (
              <div key={count.label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{count.label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{whole.format(count.value)}</dd>
              </div>
            ))}
          </dl>
          {results.collected.length ? (
            // Wider than a phone: it scrolls within itself, so it must take the focus to scroll by keyboard.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="What the event collected">
              <table className="w-full min-w-[20rem] text-left text-sm">
                <caption className="sr-only">What the event collected, by material</caption>
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Material
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      What became of it
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Weight
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      kg CO2e avoided
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-slate-900">
                  {results.collected.map((line, index) => (
                    <tr key={index}>
                      <td className="py-2 pr-3">{MATERIAL_LABELS[line.material]}</td>
                      <td className="py-2 pr-3">{TREATMENT_LABELS[line.treatment]}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatEnteredKg(line.weight_kg)}</td>
                      <td className="py-2 text-right tabular-nums">{kgNumber(line.co2e_kg)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {results.note ? <p className="mt-4 break-words whitespace-pre-line text-slate-700">{results.note}</p> : null}
          <p className="mt-4 text-sm text-slate-600">
            CO2e avoided against landfill, worked out with the {results.factor_table.name}
            {results.factor_table.edition ? `, ${results.factor_table.edition}` : ""}. Each kilogram counts once across the
            platform.
          </p>
        </>
      )}
    </section>
  );
}
