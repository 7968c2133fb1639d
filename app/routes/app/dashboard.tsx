import { ArrowDownRight, ArrowUpRight, BarChart3, Cloud, DollarSign, Package, Recycle, Store, Users } from "lucide-react";
import { Link } from "react-router";
import { RouteError } from "~/components/route-error";
import { seededRandom } from "~/content/landing";
import { elapsedAgo } from "~/lib/dates";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · Circular Hub" },
  {
    name: "description",
    content:
      "Your Circular Hub dashboard: waste processed, revenue, active users and CO2 saved, with trends, recent activity and quick actions.",
  },
];

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const asked = Number(new URL(request.url).searchParams.get("range"));
  const range: Range = (RANGES as readonly number[]).includes(asked) ? (asked as Range) : 7;
  return { name: user.username, range, trend: trendFor(range) };
}

/** Sample processing figures, marked as sample on the page, the same on every render. */
function trendFor(range: Range) {
  const random = seededRandom(range * 7919);
  // 90 days read better as weeks.
  const points = range === 90 ? 13 : range;
  const label = (index: number) =>
    range === 90 ? `W${index + 1}` : range === 30 ? String(index + 1) : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index]!;
  const scale = range === 90 ? 7 : 1;
  return Array.from({ length: points }, (_, index) => ({
    label: label(index),
    tons: Math.round((30 + random() * 25 + index * (range === 7 ? 1.5 : 0.6)) * scale),
  }));
}

const STAT_CARDS = [
  { title: "Waste Processed", value: "1,247 t", change: 12.5, icon: Recycle },
  { title: "Revenue Generated", value: "$84,320", change: 8.2, icon: DollarSign },
  { title: "Active Users", value: "2,845", change: 23.1, icon: Users },
  { title: "CO2 Saved", value: "342 t", change: -4.3, icon: Cloud },
];

const ACTIVITIES = [
  { text: "Processed 2.4 t of mixed plastics at the north line", hoursAgo: 2 },
  { text: "Sold 120 kg of baled aluminium on the marketplace", hoursAgo: 5 },
  { text: "Route B finished 18 minutes ahead of schedule", hoursAgo: 9 },
  { text: "New buyer joined: Rhine Paper Mills", hoursAgo: 26 },
  { text: "Monthly CO2 report is ready", hoursAgo: 49 },
];

const HOUR_MS = 60 * 60 * 1000;

const QUICK_ACTIONS = [
  {
    title: "Process Waste",
    text: "Log what you processed as a community post.",
    href: "/app/community?compose=1",
    icon: Package,
  },
  { title: "Add Product", text: "List materials or goods in the marketplace.", href: "/app/marketplace/new", icon: Store },
  { title: "View Reports", text: "See the last 90 days of collection.", href: "/app/dashboard?range=90#trends", icon: BarChart3 },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, range, trend } = loaderData;
  const max = Math.max(...trend.map((point) => point.tons));
  const total = trend.reduce((sum, point) => sum + point.tons, 0);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section
        aria-labelledby="welcome-title"
        className="rounded-3xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white sm:p-8"
      >
        <h2 id="welcome-title" className="text-2xl font-bold wrap-anywhere sm:text-3xl">
          Welcome back, {name}!
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">
          Here is how your operation is doing. Figures are sample data until your own systems are connected.
        </p>
      </section>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Key figures">
        {STAT_CARDS.map(({ title, value, change, icon: Icon }) => (
          <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-500">{title}</p>
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
            </div>
            <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
            <p
              className={`mt-1 inline-flex items-center gap-1 text-sm font-medium ${change >= 0 ? "text-emerald-700" : "text-red-600"}`}
            >
              {change >= 0 ? <ArrowUpRight aria-hidden className="size-4" /> : <ArrowDownRight aria-hidden className="size-4" />}
              {change >= 0 ? "+" : ""}
              {change}% vs last month
            </p>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-3">
        <section
          id="trends"
          aria-labelledby="trends-title"
          className="scroll-mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="trends-title" className="text-lg font-semibold text-slate-900">
              Collection trend
            </h2>
            <nav aria-label="Period" className="flex gap-1 rounded-lg bg-slate-100 p-1">
              {RANGES.map((days) => (
                <Link
                  key={days}
                  to={`/app/dashboard?range=${days}#trends`}
                  preventScrollReset
                  aria-current={range === days ? "true" : undefined}
                  className={`rounded-md px-3 py-1 text-sm font-medium ${range === days ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
                >
                  {days} days
                </Link>
              ))}
            </nav>
          </div>
          <p className="mt-1 text-sm text-slate-500">
            <span data-testid="trend-total">{total.toLocaleString("en-US")}</span> t collected in the last {range} days
          </p>
          <ol className="mt-4 flex h-48 items-end gap-1" aria-label={`Tons collected, last ${range} days`}>
            {trend.map((point, index) => (
              <li
                key={index}
                className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                title={`${point.label}: ${point.tons} t`}
              >
                <div className="w-full rounded-t bg-brand-500" style={{ height: `${(point.tons / max) * 85}%` }} />
                <span className={`text-[10px] text-slate-500 ${trend.length > 14 && index % 5 !== 0 ? "invisible" : ""}`}>
                  {point.label}
                </span>
                <span className="sr-only">{point.tons} t</span>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="activities-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="activities-title" className="text-lg font-semibold text-slate-900">
            Recent activities
          </h2>
          <ol className="mt-3 space-y-3">
            {ACTIVITIES.map((activity) => (
              <li key={activity.text} className="flex gap-3 text-sm">
                <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
                <span>
                  <span className="text-slate-700">{activity.text}</span>
                  <span className="block text-xs text-slate-400">{elapsedAgo(activity.hoursAgo * HOUR_MS)}</span>
                </span>
              </li>
            ))}
          </ol>
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
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
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
