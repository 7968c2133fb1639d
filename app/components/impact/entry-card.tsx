import { Link } from "~/lib/link";
import { co2eAvoided, formatEnteredKg } from "~/features/impact/format";
import type { EntryView } from "~/features/impact/wire";
import { MATERIAL_LABELS, ROLE_LABELS, SOURCE_LABELS, TREATMENT_LABELS } from "~/features/impact/vocabulary";
import { formatPrice } from "~/features/marketplace/marketplace";
import { calendarDate } from "~/lib/dates";
import { Spaced } from "~/components/spaced";

/** One entry: what, how much, what it avoided, the money, the note, and how its weight is evidenced. */
export function EntryCard({ entry, as: Tag = "li", actions = true }: { entry: EntryView; as?: "li" | "div"; actions?: boolean }) {
  const date = calendarDate(entry.date);
  return (
    <Tag className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <h3 className="font-semibold break-words text-slate-900">
            {MATERIAL_LABELS[entry.material]}: {TREATMENT_LABELS[entry.treatment].toLowerCase()}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            <time dateTime={entry.date}>{date}</time>
          </p>
          {entry.source === "event" && entry.event_id !== null ? (
            <p className="mt-0.5 text-sm break-words text-slate-700">
              Event:{" "}
              <Link to={`/app/events/${entry.event_id}`} className="font-medium text-brand-700 hover:underline">
                {entry.event_title ?? `#${entry.event_id}`}
              </Link>
            </p>
          ) : null}
          {entry.role !== "own" ? (
            <p className="mt-0.5 text-sm text-slate-700">
              {ROLE_LABELS[entry.role]}
              {entry.role === "diverted" && entry.co2e_kg !== 0 ? " (its CO2e is yours until its fate is set)" : null}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Spaced>
            {entry.source === "order" && entry.order_id !== null ? (
              <Link
                to={`/app/orders/${entry.order_id}`}
                className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 hover:underline"
              >
                {SOURCE_LABELS.order}
                <span className="sr-only"> (order #{entry.order_id})</span>
              </Link>
            ) : (
              <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                {SOURCE_LABELS[entry.source]}
              </span>
            )}
            {actions && entry.source === "recorded" ? (
              <Link to={`/app/impact/${entry.id}`} className="font-medium text-brand-700 hover:underline">
                Edit<span className="sr-only"> the entry of {date}</span>
              </Link>
            ) : null}
          </Spaced>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[400px]:grid-cols-2 sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-slate-500">Weight</dt>
          <dd className="font-semibold break-words text-slate-900">{formatEnteredKg(entry.weight_kg)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">CO2e</dt>
          <dd className="break-words text-slate-900">{co2eAvoided(entry.co2e_kg)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">{entry.revenue_cents !== null && entry.revenue_cents < 0 ? "Cost" : "Revenue"}</dt>
          <dd className="break-words text-slate-900">
            {entry.revenue_cents === null || entry.currency === null
              ? "None"
              : formatPrice(Math.abs(entry.revenue_cents), entry.currency)}
          </dd>
        </div>
      </dl>
      {entry.note ? <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">{entry.note}</p> : null}
    </Tag>
  );
}
