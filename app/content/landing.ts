/** The landing page's fixed content and its demo simulation: the product's fixed figures and timings live here. */

export const TAGLINES = ["Smart waste processing", "Sustainable marketplace", "Environmental education"] as const;

export const FEATURES = [
  {
    icon: "recycle",
    title: "Smart Waste Processing",
    text: "Plan collection, sorting and processing in one place, with live capacity and routes.",
  },
  {
    icon: "store",
    title: "Sustainable Marketplace",
    text: "Buy and sell recovered materials and refurbished goods from verified partners.",
  },
  {
    icon: "graduation",
    title: "Environmental Education",
    text: "Courses and articles that turn good intentions into daily habits and better processes.",
  },
  {
    icon: "truck",
    title: "Fleet Tracking",
    text: "See every truck's status, load and position, and send the nearest one where it is needed.",
  },
  {
    icon: "chart",
    title: "Analytics & Reporting",
    text: "Collection trends, route efficiency and CO2 savings, ready for your sustainability report.",
  },
  {
    icon: "users",
    title: "Community Network",
    text: "Collectors, processors, buyers and logistics firms sharing tips, projects and local events.",
  },
] as const;

/**
 * The headline figures: 2500+ companies, 15000+ vehicles, 98% uptime, $45M tons processed. A demo
 * instance's sample counters (app/features/site): a real one shows its operator's or live figures.
 */
export const STATS = [
  { value: 2500, prefix: "", suffix: "+", label: "Companies" },
  { value: 15000, prefix: "", suffix: "+", label: "Vehicles" },
  { value: 98, prefix: "", suffix: "%", label: "Uptime" },
  { value: 45, prefix: "$", suffix: "M", label: "Tons Processed" },
] as const;

/** Counters run 2 seconds in 60 steps, starting at 30 percent visibility. */
export const COUNTER = { durationMs: 2000, steps: 60, threshold: 0.3 } as const;

export type Testimonial = {
  id: number;
  name: string;
  role: string;
  company: string;
  content: string;
  rating: number;
  avatar: string;
  /** The sample testimonials' figures; an admin's testimonial has none. */
  stats?: { wasteReduced: string; costSaved: string; efficiency: string };
  /** A demo instance's seeded row, marked as a sample where it shows. */
  sample?: boolean;
};

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: "Sarah Johnson",
    role: "Operations Director",
    company: "GreenCycle Solutions",
    content:
      "Route planning and live fill levels cut our empty runs in half. We finally see the whole operation on one screen, and our drivers love the shorter days.",
    rating: 5,
    avatar: "SJ",
    stats: { wasteReduced: "45%", costSaved: "$2.3M", efficiency: "+67%" },
  },
  {
    id: 2,
    name: "Michael Chen",
    role: "CEO",
    company: "EcoLogistics Inc.",
    content:
      "The marketplace turned our sorted plastics from a cost into revenue. Buyers trust the grades because the data behind them is right there.",
    rating: 5,
    avatar: "MC",
    stats: { wasteReduced: "38%", costSaved: "$1.8M", efficiency: "+52%" },
  },
  {
    id: 3,
    name: "Amara Okafor",
    role: "Sustainability Manager",
    company: "Lagos Recovery Works",
    content:
      "Our collectors learn on the education hub and share on the community feed. Contamination dropped, and so did the rejected bales.",
    rating: 5,
    avatar: "AO",
    stats: { wasteReduced: "52%", costSaved: "$950K", efficiency: "+41%" },
  },
  {
    id: 4,
    name: "Lukas Berg",
    role: "Fleet Manager",
    company: "Berlin Urban Collect",
    content:
      "Fleet tracking shows which truck is full and which is on its way back. Dispatch went from phone calls to a glance at the map.",
    rating: 5,
    avatar: "LB",
    stats: { wasteReduced: "33%", costSaved: "$1.2M", efficiency: "+58%" },
  },
];

/** The carousel advances every 5 seconds; the demo refreshes every 3. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const DEMO_REFRESH_MS = 3000;

const TRUCK_STATUSES = ["collecting", "full", "returning"] as const;
type TruckStatus = (typeof TRUCK_STATUSES)[number];
type DemoTruck = { id: string; lat: number; lng: number; status: TruckStatus; capacity: number };

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
/** Route efficiency for routes A to D. */
export const ROUTE_EFFICIENCY = [
  { route: "Route A", efficiency: 92 },
  { route: "Route B", efficiency: 87 },
  { route: "Route C", efficiency: 94 },
  { route: "Route D", efficiency: 89 },
] as const;
/** The demo's efficiency never shows above 95. */
const MAX_DEMO_EFFICIENCY = 95;

export type DemoSnapshot = {
  collectedTons: number;
  activeTrucks: number;
  recyclingRate: number;
  efficiency: number;
  co2SavedTons: number;
  trucks: DemoTruck[];
  weeklyTrend: { day: string; tons: number }[];
};

/** Capacity bars are red above 80, orange above 60, else green. */
export function capacityTone(capacity: number): "red" | "orange" | "green" {
  if (capacity > 80) return "red";
  if (capacity > 60) return "orange";
  return "green";
}

/**
 * A small seeded random generator (mulberry32), so the server's first snapshot is the same on
 * every render and the browser's first render matches it exactly.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Simulated platform figures: the demo says its data is simulated and never shows members' figures. */
export function simulateDemo(random: () => number = Math.random): DemoSnapshot {
  const trucks: DemoTruck[] = Array.from({ length: 6 }, (_, index) => ({
    id: `TRK-${String(index + 101).padStart(3, "0")}`,
    // Around a city centre (Rotterdam), within a few kilometres.
    lat: round(51.9225 + (random() - 0.5) * 0.08, 4),
    lng: round(4.4792 + (random() - 0.5) * 0.12, 4),
    status: TRUCK_STATUSES[Math.floor(random() * TRUCK_STATUSES.length)]!,
    capacity: Math.round(15 + random() * 85),
  }));
  return {
    collectedTons: round(120 + random() * 40),
    activeTrucks: trucks.filter((truck) => truck.status !== "returning").length + 18,
    recyclingRate: Math.round(68 + random() * 12),
    efficiency: Math.min(MAX_DEMO_EFFICIENCY, Math.round(85 + random() * 15)),
    co2SavedTons: round(8 + random() * 4),
    trucks,
    weeklyTrend: WEEKDAYS.map((day) => ({ day, tons: Math.round(80 + random() * 70) })),
  };
}

export const FIRST_DEMO_SNAPSHOT_SEED = 20261122;
