import type { EntryRole, EntrySource, Material, Treatment } from "./vocabulary";

/**
 * What the impact ledger sends to the browser and to API clients. Types only. Weights are kg and
 * CO2e is kg (three decimals: the ledger keeps whole grams); money is whole cents; dates are
 * YYYY-MM-DD days, times ISO 8601.
 */

export type EntryView = {
  id: number;
  date: string;
  material: Material;
  weight_kg: number;
  treatment: Treatment;
  /** Positive a revenue, negative a cost, in `currency`; null when none was given. */
  revenue_cents: number | null;
  currency: string | null;
  note: string | null;
  /** `order`: from a completed order, its weight confirmed by both parties; `recorded`: self-reported; `operation`: a lot's; `event`: an event's results. */
  source: EntrySource;
  /**
   * The member's part in the load: `own` (recorded), `diverted` (handed on), `received` (taken
   * over), `recovered` (their operation set its fate), `credit_moved` (a later holder's operation
   * set the fate of what they diverted: the CO2e, negative, moved to that holder).
   */
  role: EntryRole;
  /** The order of a hand-over; on an operation's entries, the order that first handed the load over. */
  order_id: number | null;
  /** The event whose results wrote the entry (source `event`), and its title as it is now (null in downloads). */
  event_id: number | null;
  event_title: string | null;
  /** kg CO2e avoided against landfill, worked out with `factor_table` when the entry was written. */
  co2e_kg: number;
  factor_table: string;
  created_at: string;
  updated_at: string;
};

/** A period's figures for one member. Money only counts entries in the instance's currency. */
export type ImpactFigures = {
  entries: number;
  weight_kg: number;
  co2e_kg: number;
  revenue_cents: number;
  cost_cents: number;
  /** The part of weight_kg and co2e_kg from orders (confirmed by the other party); the rest is self-reported. */
  confirmed_weight_kg: number;
  confirmed_co2e_kg: number;
  /**
   * The member's part (docs/decisions/043): what they handed on for recovery, what they took over,
   * what their own final operations treated; of what they diverted, the weight whose fate no
   * operation has set yet and the CO2e credited to them for it meanwhile ("fate pending").
   */
  diverted_kg: number;
  received_kg: number;
  recovered_kg: number;
  /** The CO2e credited to the member for their own final operations (part of co2e_kg). */
  recovered_co2e_kg: number;
  fate_pending_kg: number;
  fate_pending_co2e_kg: number;
  /** Members active in the period across the platform (signed in or wrote anything). */
  active_users: number;
};

export type DateRange = { from: string; to: string; days: number };

/** One bar of the trend: the weight of each treatment in a day or a week. */
export type SeriesPoint = { from: string; to: string; weight_kg: number; by_treatment: Record<Treatment, number> };

export type FactorsRef = { key: string; name: string; edition: string };

/** GET /api/impact and the dashboard. */
export type ImpactSummary = {
  period: DateRange;
  previous_period: DateRange;
  totals: ImpactFigures;
  previous: ImpactFigures;
  series: { bucket: "day" | "week"; points: SeriesPoint[] };
  factors: FactorsRef;
};

export type BreakdownRow = { entries: number; weight_kg: number; co2e_kg: number; confirmed_weight_kg: number };

/** The report page: one member's range, by material and by treatment. */
export type ImpactReport = {
  period: DateRange;
  totals: ImpactFigures;
  by_material: ({ material: Material } & BreakdownRow)[];
  by_treatment: ({ treatment: Treatment } & BreakdownRow)[];
  /** Share of the weight with a known fate that was not landfilled (collected loads are left out); null without any. */
  diversion_rate: number | null;
  /** The factor tables the range's entries were worked out with (more than one once a new edition is in use). */
  factor_tables: string[];
  /** The whole platform's figures for the range, each kilogram once. */
  platform: PlatformFigures["totals"];
  factors: FactorsRef;
};

/** GET /api/impact/platform: across all members, each kilogram once (docs/decisions/043). */
export type PlatformFigures = {
  totals: { weight_kg: number; co2e_kg: number; members: number; transfers: number };
  /** The same weight and CO2e by the treatment the last final operation set (the expected one until then). */
  by_treatment: { treatment: Treatment; weight_kg: number; co2e_kg: number }[];
  factors: FactorsRef;
};

/** A member's all-time figures, for the profile. */
export type MemberImpact = { weight_diverted_kg: number; co2e_kg: number; orders_completed: number };

/** One line of the dashboard's recent activities. */
export type ActivityView = {
  kind: "entry" | "order" | "post" | "comment" | "follow";
  text: string;
  href: string | null;
  at: string;
};
