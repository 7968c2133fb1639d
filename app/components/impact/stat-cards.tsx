import {
  ArrowDownRight,
  ArrowUpRight,
  Cloud,
  DollarSign,
  Minus,
  Recycle,
  Sparkles,
  Users,
  type Icon as IconComponent,
} from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { Money } from "~/components/money";
import { changeOf, formatCo2e, formatKg, type Change } from "~/features/impact/format";
import type { ImpactSummary } from "~/features/impact/wire";

/** The dashboard's four figures for the period, each with its change against the period before. */

const CHANGE_ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: Minus, new: Sparkles } as const;
const CHANGE_COLOURS = { up: "text-emerald-700", down: "text-red-600", same: "text-slate-600", new: "text-emerald-700" } as const;

function ChangeLine({ change }: { change: Change }) {
  const Icon = CHANGE_ICONS[change.kind];
  return (
    <p className={`mt-1 inline-flex items-center gap-1 text-sm font-medium ${CHANGE_COLOURS[change.kind]}`}>
      <Icon aria-hidden className="size-4 shrink-0" />
      {change.text}
    </p>
  );
}

function StatCard({
  title,
  icon: Icon,
  value,
  change,
  note,
}: {
  title: string;
  icon: IconComponent;
  value: ReactNode;
  change: Change;
  note: ReactNode;
}) {
  return (
    <li className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-500">{title}</h3>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold break-words text-slate-900">{value}</p>
      <ChangeLine change={change} />
      <p className="mt-1 text-xs break-words text-slate-500">{note}</p>
    </li>
  );
}

export function StatCards({ summary }: { summary: ImpactSummary }) {
  const { totals, previous, factors } = summary;
  const days = summary.period.days;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Key figures">
      <StatCard
        title="Waste Processed"
        icon={Recycle}
        value={formatKg(totals.weight_kg)}
        change={changeOf(totals.weight_kg, previous.weight_kg, days)}
        note={`${formatKg(totals.confirmed_weight_kg)} confirmed by trading partners; the rest self-reported.`}
      />
      <StatCard
        title="Revenue Generated"
        icon={DollarSign}
        value={<Money cents={totals.revenue_cents} />}
        change={changeOf(totals.revenue_cents, previous.revenue_cents, days)}
        note="Sales and paid loads; costs are on the report."
      />
      <StatCard
        title="Active Users"
        icon={Users}
        value={totals.active_users.toLocaleString("en-US")}
        change={changeOf(totals.active_users, previous.active_users, days)}
        note="Members who signed in or wrote anything, across the whole platform."
      />
      <StatCard
        title="CO2 Saved"
        icon={Cloud}
        value={formatCo2e(totals.co2e_kg)}
        change={changeOf(totals.co2e_kg, previous.co2e_kg, days)}
        note={
          <>
            {totals.fate_pending_co2e_kg !== 0
              ? `${formatCo2e(totals.fate_pending_co2e_kg)} of it diverted, fate pending. `
              : null}
            Against landfill, by {factors.name}, {factors.edition};{" "}
            <Link to="/app/reports#method" className="font-medium text-brand-700 underline">
              method on the report
            </Link>
            .
          </>
        }
      />
    </ul>
  );
}
