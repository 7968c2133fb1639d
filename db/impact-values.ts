/**
 * The closed sets of values the impact ledger holds. The database checks each (CHECK constraints
 * in db/schema/), and app/features/impact/vocabulary.ts gives them their labels. Plain values
 * only, so the browser may import them.
 */

/**
 * What happened to a load. `collected` claims no treatment yet (a collector's pick-up whose fate
 * is decided further down the chain): it weighs in Waste Processed and avoids nothing.
 */
export const TREATMENTS = ["collected", "reused", "recycled", "composted", "energy_recovery", "landfilled"] as const;
export type Treatment = (typeof TREATMENTS)[number];

/** Where an entry came from: a completed marketplace order (confirmed by the other party) or the member's own record. */
export const ENTRY_SOURCES = ["order", "recorded"] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** The heaviest single entry: 100,000 t, in grams (weights are kept as whole grams so totals add up exactly). */
export const MAX_ENTRY_WEIGHT_G = 100_000 * 1_000_000;
