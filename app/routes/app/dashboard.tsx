import { BarChart3, Package, Store } from "~/components/icons";
import { Link } from "~/lib/link";
import { ActivityList } from "~/components/impact/activity-list";
import { LoadParts } from "~/components/impact/load-parts";
import { StatCards } from "~/components/impact/stat-cards";
import { TrendChart } from "~/components/impact/trend-chart";
import { RouteError } from "~/components/route-error";
import { dashboardOf } from "~/features/impact/dashboard.server";
import { lastDays, todayIn } from "~/features/impact/periods";
import { PERIODS, type Period } from "~/features/impact/vocabulary";
import { requireAccountCaller, welcomeOf } from "~/features/account/account.server";
import { countOf, wordFor } from "~/lib/plural";
import { z } from "~/lib/zod";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Dashboard") },
  {
    name: "description",
    content: `Your ${siteName(matches)} dashboard: the waste you processed, your revenue, active members and the CO2 you saved, with the trend, recent activity and quick actions.`,
  },
];

const DEFAULT_PERIOD: Period = 30;

/** `period` (7, 30 or 90 days; `range` is its older name); anything else shows the default rather than an error. */
const dashboardQuery = z.object({
  period: z
    .enum(PERIODS.map(String) as [string, ...string[]])
    .optional()
    .catch(undefined),
  range: z
    .enum(PERIODS.map(String) as [string, ...string[]])
    .optional()
    .catch(undefined),
});

export async function loader({ request, url }: Route.LoaderArgs) {
  const caller = await requireAccountCaller(request);
  const { user } = caller;
  const query = dashboardQuery.parse(Object.fromEntries(url.searchParams));
  const period = Number(query.period ?? query.range ?? DEFAULT_PERIOD) as Period;
  const range = lastDays(period, todayIn(timeZoneOf(request)));
  const welcome = await welcomeOf({ sessionId: caller.sessionId, userId: user.id });
  return { name: user.username, welcome, period, now: Date.now(), ...(await dashboardOf(user, range)) };
}

const QUICK_ACTIONS = [
  { title: "Process Waste", text: "Record a load you collected or treated.", href: "/app/impact/new", icon: Package },
  { title: "Add Product", text: "List materials or goods in the marketplace.", href: "/app/marketplace/new", icon: Store },
  { title: "View Reports", text: "Totals by material and treatment, with a CSV.", href: "/app/reports", icon: BarChart3 },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, welcome, period, summary, started, activity, now } = loaderData;
  const activeMembers = summary.totals.active_users;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section
        aria-labelledby="welcome-title"
        className="rounded-3xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white sm:p-8"
      >
        <h2 id="welcome-title" className="text-2xl font-bold wrap-anywhere sm:text-3xl">
          {welcome}, {name}!
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">
          Your own figures: the loads you record and the marketplace orders you complete.
        </p>
      </section>

      <section aria-labelledby="figures-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="figures-title" className="text-lg font-semibold text-slate-900">
            Your last {period} days
          </h2>
          <nav aria-label="Period" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {PERIODS.map((days) => (
              <Link
                key={days}
                to={`/app/dashboard?period=${days}`}
                preventScrollReset
                aria-current={period === days ? "true" : undefined}
                className={`rounded-md px-3 py-1 text-sm font-medium ${period === days ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
              >
                {days} days
              </Link>
            ))}
          </nav>
        </div>
        {started ? (
          <>
            <StatCards summary={summary} />
            <LoadParts totals={summary.totals} />
          </>
        ) : (
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-lg font-semibold text-slate-900">Nothing recorded yet</h3>
            <p className="mt-2 max-w-2xl text-slate-600">
              Your figures appear here once you record a load: its date, material, weight and what happened to it. Completed
              marketplace orders add theirs by themselves.
            </p>
            <Link
              to="/app/impact/new"
              className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              <Package aria-hidden className="size-5" /> Record your first load
            </Link>
            <p className="mt-4 text-sm text-slate-500">
              {countOf(activeMembers, "member")} {wordFor(activeMembers, "was", "were")} active on the platform in the last{" "}
              {period} days.
            </p>
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        {started ? (
          <section
            id="trends"
            aria-labelledby="trends-title"
            className="min-w-0 scroll-mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
          >
            <h2 id="trends-title" className="text-lg font-semibold text-slate-900">
              Weight by treatment
            </h2>
            <TrendChart points={summary.series.points} bucket={summary.series.bucket} days={period} />
          </section>
        ) : null}

        <section
          aria-labelledby="activities-title"
          className={`min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${started ? "" : "lg:col-span-3"}`}
        >
          <h2 id="activities-title" className="text-lg font-semibold text-slate-900">
            Recent activities
          </h2>
          <ActivityList activity={activity} now={now} />
        </section>
      </div>

      <section aria-labelledby="actions-title">
        <h2 id="actions-title" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          {QUICK_ACTIONS.map(({ title, text, href, icon: Icon }) => (
            <li key={title}>
              <Link
                to={href}
                className="flex h-full items-start gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
              >
                <span className="rounded-lg bg-brand-600 p-2 text-white">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{title}</span>{" "}
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
