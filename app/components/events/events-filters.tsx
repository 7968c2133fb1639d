import { EVENT_KINDS } from "../../../db/event-values";
import { EVENT_KIND_LABELS } from "~/features/events/vocabulary";

/** The events list's filters: a plain GET form (kind, and the days the start falls between), so it works without JavaScript. */
export function EventsFilters({
  action,
  kind,
  from,
  to,
  view,
}: {
  action: string;
  kind?: string;
  from?: string;
  to?: string;
  view?: "list" | "month";
}) {
  const control = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900";
  return (
    <form method="get" action={action} role="search" aria-label="Events" className="flex flex-wrap items-end gap-3">
      {view === "month" ? <input type="hidden" name="view" value="month" /> : null}
      <div className="min-w-40 flex-1">
        <label htmlFor="events-kind" className="block text-sm font-medium text-slate-700">
          Kind
        </label>
        <select id="events-kind" name="kind" defaultValue={kind ?? ""} className={`mt-1 ${control}`}>
          <option value="">Every kind</option>
          {EVENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {EVENT_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {view === "month" ? null : (
        <>
          <div className="min-w-36 flex-1">
            <label htmlFor="events-from" className="block text-sm font-medium text-slate-700">
              Starting from
            </label>
            <input id="events-from" type="date" name="from" defaultValue={from} className={`mt-1 ${control}`} />
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="events-to" className="block text-sm font-medium text-slate-700">
              Until
            </label>
            <input id="events-to" type="date" name="to" defaultValue={to} className={`mt-1 ${control}`} />
          </div>
        </>
      )}
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Show
      </button>
    </form>
  );
}

/** An events page's address with the query changed (empty values left out). */
export function eventsHref(path: string, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "" && !(name === "page" && value === 1)) params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
