import { BarChart3, LayoutDashboard, Pause, Play, Truck } from "~/components/icons";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { capacityTone, DEMO_REFRESH_MS, ROUTE_EFFICIENCY, simulateDemo, type DemoSnapshot } from "~/content/landing";
import { useHydrated } from "~/lib/use-hydrated";
import { useReducedMotion } from "~/lib/use-reduced-motion";

const TABS = [
  { id: "dashboard", label: "Live Dashboard", icon: LayoutDashboard },
  { id: "fleet", label: "Fleet Tracking", icon: Truck },
  { id: "analytics", label: "Analytics", icon: BarChart3 },
] as const;
type TabId = (typeof TABS)[number]["id"];

const TONE_CLASSES = { red: "bg-red-500", orange: "bg-orange-500", green: "bg-emerald-500" } as const;
const STATUS_CLASSES = {
  collecting: "bg-sky-100 text-sky-800",
  full: "bg-red-100 text-red-800",
  returning: "bg-slate-100 text-slate-700",
} as const;

function Metric({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function DashboardPanel({ data }: { data: DemoSnapshot }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Metric label="Collected today" value={`${data.collectedTons.toFixed(1)} t`} testId="demo-collected" />
      <Metric label="Active trucks" value={String(data.activeTrucks)} testId="demo-trucks" />
      <Metric label="Recycling rate" value={`${data.recyclingRate}%`} testId="demo-recycling" />
      <Metric label="Efficiency" value={`${data.efficiency}%`} testId="demo-efficiency" />
      <div className="col-span-2 rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-100 lg:col-span-4">
        CO2 saved today: <strong className="tabular-nums">{data.co2SavedTons.toFixed(1)} t</strong>
      </div>
    </div>
  );
}

function FleetPanel({ data }: { data: DemoSnapshot }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200" aria-label="Trucks">
      {data.trucks.map((truck) => {
        const tone = capacityTone(truck.capacity);
        return (
          <li
            key={truck.id}
            className="grid grid-cols-2 items-center gap-2 p-3 text-sm sm:grid-cols-[6rem_7rem_1fr_10rem]"
            data-testid="demo-truck"
          >
            <span className="font-semibold text-slate-900">{truck.id}</span>
            <span
              className={`justify-self-end rounded-full px-2 py-0.5 text-xs font-semibold capitalize sm:justify-self-start ${STATUS_CLASSES[truck.status]}`}
            >
              {truck.status}
            </span>
            <div className="flex items-center gap-2">
              <div
                className="h-2 flex-1 rounded-full bg-slate-100"
                role="meter"
                aria-label={`${truck.id} capacity`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={truck.capacity}
              >
                <div
                  className={`h-2 rounded-full ${TONE_CLASSES[tone]}`}
                  data-tone={tone}
                  style={{ width: `${truck.capacity}%` }}
                />
              </div>
              <span className="w-10 text-right tabular-nums">{truck.capacity}%</span>
            </div>
            <span className="text-right text-xs text-slate-500 tabular-nums">
              {truck.lat.toFixed(4)}, {truck.lng.toFixed(4)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function AnalyticsPanel({ data }: { data: DemoSnapshot }) {
  const max = Math.max(...data.weeklyTrend.map((point) => point.tons));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <figcaption className="text-sm font-semibold text-slate-900">Weekly collection trend (tons)</figcaption>
        <ol className="mt-4 flex h-40 items-end gap-2" aria-label="Tons collected per weekday">
          {data.weeklyTrend.map((point) => (
            <li key={point.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs text-slate-500 tabular-nums">{point.tons}</span>
              <div className="w-full rounded-t bg-brand-500" style={{ height: `${(point.tons / max) * 75}%` }} aria-hidden />
              <span className="text-xs font-medium text-slate-600">{point.day}</span>
            </li>
          ))}
        </ol>
      </figure>
      <figure className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <figcaption className="text-sm font-semibold text-slate-900">Route efficiency</figcaption>
        <ul className="mt-4 space-y-3">
          {ROUTE_EFFICIENCY.map((route) => (
            <li key={route.route} className="text-sm">
              <div className="flex justify-between">
                <span>{route.route}</span>
                <span className="font-semibold tabular-nums">{route.efficiency}%</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden>
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${route.efficiency}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}

const PANELS: Record<TabId, (props: { data: DemoSnapshot }) => React.ReactNode> = {
  dashboard: DashboardPanel,
  fleet: FleetPanel,
  analytics: AnalyticsPanel,
};

/**
 * The live-platform demo: three tabs over simulated data that refreshes every 3
 * seconds. The server renders a first snapshot; without JavaScript all three panels show, one
 * after another, and nothing changes.
 *
 * Figures that change by themselves must be possible to stop (WCAG 2.2.2): a Pause control comes
 * first. With reduced motion they stand still until the member presses Play.
 */
export function LiveDemo({ initial }: { initial: DemoSnapshot }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [data, setData] = useState(initial);
  const [active, setActive] = useState<TabId>("dashboard");
  // null until the member presses Pause or Play: until then the system's motion setting decides.
  const [liveChoice, setLiveChoice] = useState<boolean | null>(null);
  const live = liveChoice ?? !reducedMotion;
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setData(simulateDemo()), DEMO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live]);

  // The tablist pattern: arrows move between tabs, Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = TABS[next]!;
    setActive(tab.id);
    tabRefs.current[tab.id]?.focus();
  };

  if (!hydrated) {
    return (
      <div className="space-y-6">
        {TABS.map((tab) => {
          const Panel = PANELS[tab.id];
          return (
            <section key={tab.id} aria-labelledby={`demo-heading-${tab.id}`}>
              <h3 id={`demo-heading-${tab.id}`} className="mb-3 font-semibold text-slate-900">
                {tab.label}
              </h3>
              <Panel data={data} />
            </section>
          );
        })}
      </div>
    );
  }

  const Panel = PANELS[active];
  return (
    <div>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          onClick={() => setLiveChoice(!live)}
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {live ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
          {live ? "Pause live updates" : "Play live updates"}
        </button>
      </div>
      <div
        role="tablist"
        aria-label="Platform demo"
        className="flex gap-1 overflow-x-auto rounded-xl bg-white p-1 ring-1 ring-slate-200"
      >
        {TABS.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`demo-tab-${id}`}
            aria-selected={active === id}
            aria-controls={`demo-panel-${id}`}
            tabIndex={active === id ? 0 : -1}
            onClick={() => setActive(id)}
            onKeyDown={onKeyDown}
            className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-2 py-2 text-xs font-medium whitespace-nowrap sm:px-3 sm:text-sm ${
              active === id ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"
            }`}
          >
            <Icon aria-hidden className="hidden size-4 sm:block" /> {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`demo-panel-${active}`}
        aria-labelledby={`demo-tab-${active}`}
        tabIndex={0}
        className="mt-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      >
        <Panel data={data} />
      </div>
    </div>
  );
}
