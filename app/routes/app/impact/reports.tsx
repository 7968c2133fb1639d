import { Download } from "~/components/icons";
import { data } from "react-router";
import { Link } from "~/lib/link";
import { ReportBreakdown } from "~/components/impact/report-breakdown";
import { ReportMethod } from "~/components/impact/report-method";
import { ReportPrintButton } from "~/components/impact/report-print-button";
import { ReportRangeForm } from "~/components/impact/report-range-form";
import { ReportTotals } from "~/components/impact/report-totals";
import { RouteError } from "~/components/route-error";
import { rangeOf, todayIn } from "~/features/impact/periods";
import { methodView, quickRanges } from "~/features/impact/report";
import { impactReport } from "~/features/impact/store/summary.server";
import { MATERIAL_LABELS, TREATMENT_LABELS } from "~/features/impact/vocabulary";
import { calendarDate } from "~/lib/dates";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Impact report") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = url.searchParams;
  // An empty field is no date; neither date is the last 30 days on the member's clock.
  const from = params.get("from") || null;
  const to = params.get("to") || null;
  const today = todayIn(timeZoneOf(request));
  const page = { today, quick: quickRanges(today), method: methodView() };
  const asked = rangeOf({ from, to }, today, 30);
  if (!asked.ok) {
    return data({ ...page, ok: false as const, message: asked.message, from: from ?? "", to: to ?? "" }, { status: 400 });
  }
  return {
    ...page,
    ok: true as const,
    from: asked.range.from,
    to: asked.range.to,
    report: await impactReport(user, asked.range),
  };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { from, to, today, quick, method } = loaderData;
  const report = loaderData.ok ? loaderData.report : null;
  const exportHref = `/api/impact/export?${new URLSearchParams({ from, to })}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold text-slate-900">Impact report</h2>
          {report ? (
            <p className="mt-1 text-slate-600">
              {calendarDate(from)} to {calendarDate(to)}: your own entries, the weight each load had and the CO2e it avoided
              against landfill.
            </p>
          ) : null}
        </div>
        {report ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <a
              href={exportHref}
              download
              className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <Download aria-hidden className="size-4" /> Download CSV
            </a>
            <ReportPrintButton />
          </div>
        ) : null}
      </div>

      <ReportRangeForm from={from} to={to} today={today} quick={quick} error={loaderData.ok ? undefined : loaderData.message} />

      {report && report.totals.entries === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">
            No entries between {calendarDate(from)} and {calendarDate(to)}.
          </p>
          <Link
            to="/app/impact/new"
            className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 print:hidden"
          >
            Record a load
          </Link>
        </div>
      ) : null}

      {report && report.totals.entries > 0 ? (
        <>
          <ReportTotals report={report} />
          <ReportBreakdown
            id="by-material"
            title="By material"
            heading="Material"
            totalKg={report.totals.weight_kg}
            rows={report.by_material.map((row) => ({ ...row, key: row.material, label: MATERIAL_LABELS[row.material] }))}
          />
          <ReportBreakdown
            id="by-treatment"
            title="By treatment"
            heading="Treatment"
            totalKg={report.totals.weight_kg}
            rows={report.by_treatment.map((row) => ({ ...row, key: row.treatment, label: TREATMENT_LABELS[row.treatment] }))}
          />
        </>
      ) : null}

      <ReportMethod method={method} otherTables={report ? report.factor_tables.filter((key) => key !== method.table.key) : []} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
