import type { EntryRole, EntrySource, Treatment } from "../../../db/impact-values";

/**
 * The ledger's vocabulary: the treatments and sources an entry can take, their labels, and the
 * limits the forms, the actions, the API and the queries share. Plain values only, so the browser
 * and the server read the same lists.
 */

// The value lists live in db/ so the tables' CHECK constraints use the very same ones.
export * from "../../../db/impact-values";
export { MATERIALS, MATERIAL_LABELS, type Material } from "~/vocabulary/materials";

export const TREATMENT_LABELS = {
  collected: "Collected",
  reused: "Reused",
  recycled: "Recycled",
  composted: "Composted",
  energy_recovery: "Energy recovery",
  landfilled: "Landfilled",
} as const satisfies Record<Treatment, string>;

/** How an entry's weight is evidenced, wherever the entry shows. */
export const SOURCE_LABELS = {
  order: "Confirmed by the other party",
  recorded: "Self-reported",
  operation: "An operation recorded on a lot",
  event: "An event's results",
} as const satisfies Record<EntrySource, string>;

/** The member's part in a load, in words a member reads on an entry (docs/decisions/043). */
export const ROLE_LABELS = {
  own: "Your own load",
  diverted: "Diverted: you handed it on for recovery",
  received: "Received: you took it over",
  recovered: "Recovered: your operation set its fate",
  credit_moved: "Fate set further down the chain: its CO2e moved to that holder",
} as const satisfies Record<EntryRole, string>;

/** The heaviest single entry, in kg (100,000 t). */
export const MAX_ENTRY_WEIGHT_KG = 100_000_000;

/** The dashboard's periods, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** The longest range a report or /api/impact reads at once, in days (about ten years). */
export const MAX_RANGE_DAYS = 3660;

/** The oldest date an entry may carry. */
export const EARLIEST_ENTRY_DATE = "2000-01-01";

/** Entries on one page of the list and of GET /api/impact/entries. */
export const ENTRIES_PAGE_SIZE = 25;

/** The longest note on an entry. */
export const MAX_NOTE_LENGTH = 500;
