import type { ReactNode } from "react";
import { Money } from "~/components/money";
import type { ImpactReport } from "~/features/impact/wire";
import { SOURCE_LABELS } from "~/features/impact/vocabulary";
import { kgNumber } from "~/features/impact/format";
import { LoadParts } from "./load-parts";
import { shareText } from "./report-figures";

function Figure({ term, children, detail }: { term: string; children: ReactNode; detail?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:shadow-none">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-2xl font-bold break-words text-slate-900">{children}</dd>
      {detail ? <dd className="mt-1 text-sm break-words text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** The range's totals: weight and CO2e with what backs them, money in the instance's currency, diversion and the platform. */
export function ReportTotals({ report }: { report: ImpactReport }) {
  const { totals, factors, platform } = report;
  const selfWeight = (Math.round(totals.weight_kg * 1000) - Math.round(totals.confirmed_weight_kg * 1000)) / 1000;
  // What is left once the loads that changed hands are taken out: the member's own records.
  const selfCo2e =
    (Math.round(totals.co2e_kg * 1000) -
      Math.round(totals.fate_pending_co2e_kg * 1000) -
      Math.round(totals.recovered_co2e_kg * 1000)) /
    1000;
  return (
    <section aria-labelledby="totals-title" className="space-y-4">
      <h3 id="totals-title" className="text-lg font-semibold text-slate-900">
        Totals
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure term="Weight" detail={`${totals.entries.toLocaleString("en-US")} ${totals.entries === 1 ? "entry" : "entries"}`}>
          {kgNumber(totals.weight_kg)} kg
        </Figure>
        <Figure term="CO2e avoided" detail={`Worked out with ${factors.name}, ${factors.edition}.`}>
          {kgNumber(totals.co2e_kg)} kg CO2e
        </Figure>
        <Figure
          term="Diversion rate"
          detail="The share not landfilled among loads whose fate is known; collected loads are left out, since they may yet be landfilled."
        >
          {shareText(report.diversion_rate)}
        </Figure>
        <Figure term="Revenue">
          <Money cents={totals.revenue_cents} />
        </Figure>
        <Figure term="Costs">
          <Money cents={totals.cost_cents} />
        </Figure>
        <Figure term="Net" detail="Revenue less costs, for entries in this instance's currency.">
          <Money cents={totals.revenue_cents - totals.cost_cents} />
        </Figure>
      </dl>

      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:shadow-none">
        <h4 className="font-semibold text-slate-900">How the weight is evidenced</h4>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{SOURCE_LABELS.order} (from completed orders)</dt>
            <dd className="font-semibold break-words text-slate-900">{kgNumber(totals.confirmed_weight_kg)} kg</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{SOURCE_LABELS.recorded} (loads you recorded)</dt>
            <dd className="font-semibold break-words text-slate-900">
              {kgNumber(selfWeight)} kg · {kgNumber(selfCo2e)} kg CO2e
            </dd>
          </div>
        </dl>
      </div>

      <LoadParts totals={totals} />

      <p className="text-sm break-words text-slate-600">
        <span className="font-medium text-slate-700">The whole platform</span> in the same dates: {kgNumber(platform.weight_kg)}{" "}
        kg and {kgNumber(platform.co2e_kg)} kg CO2e avoided, each kilogram counted once (see the method below).
      </p>
    </section>
  );
}
