import { Form } from "react-router";
import { Link } from "~/lib/link";
import type { QuickRange } from "~/features/impact/report";

const reportHref = (range: { from: string; to: string }) =>
  `/app/reports?${new URLSearchParams({ from: range.from, to: range.to })}`;

/** The report's dates: a GET form (it works without scripts), and the usual ranges one click away. */
export function ReportRangeForm({
  from,
  to,
  today,
  quick,
  error,
}: {
  from: string;
  to: string;
  today: string;
  quick: QuickRange[];
  error?: string;
}) {
  const input = "mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900";
  return (
    <section
      aria-labelledby="range-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 print:hidden"
    >
      <h3 id="range-title" className="text-lg font-semibold text-slate-900">
        Dates
      </h3>
      <Form method="get" action="/app/reports" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-36">
          <label htmlFor="report-from" className="text-sm font-medium text-slate-700">
            From
          </label>
          <input
            id="report-from"
            type="date"
            name="from"
            defaultValue={from}
            max={today}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "range-error" : undefined}
            className={input}
          />
        </div>
        <div className="min-w-0 flex-1 basis-36">
          <label htmlFor="report-to" className="text-sm font-medium text-slate-700">
            To
          </label>
          <input
            id="report-to"
            type="date"
            name="to"
            defaultValue={to}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "range-error" : undefined}
            className={input}
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Show report
        </button>
      </Form>
      {error ? (
        <p id="range-error" role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <nav aria-label="Usual ranges" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {quick.map((range) => (
            <li key={range.label}>
              <Link
                to={reportHref(range)}
                aria-current={range.from === from && range.to === to ? "page" : undefined}
                className="inline-block rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white aria-[current=page]:ring-brand-600"
              >
                {range.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
