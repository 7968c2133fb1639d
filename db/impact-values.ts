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

/**
 * Where an entry came from: a completed marketplace order (confirmed by the other party), the
 * member's own record, an operation a holder recorded on a lot (docs/decisions/043), or the
 * results its organiser recorded for an event (docs/decisions/052).
 */
export const ENTRY_SOURCES = ["order", "recorded", "operation", "event"] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/**
 * The member's part in the load, so each kilogram and each kilogram of CO2e is claimed once
 * (docs/decisions/043-counting-each-kilogram-once.md). `own`: a load the member recorded.
 * `diverted`: handed on to another member for recovery (the order's seller); `received`: taken
 * over (the buyer), CO2e none. `recovered`: a final operation the holder recorded on a lot, which
 * takes the load's CO2e. `credit_moved`: the part of a diverted load whose fate a later holder's
 * operation set: its CO2e, negative, leaves the first transferor; its weight counts nowhere.
 */
export const ENTRY_ROLES = ["own", "diverted", "received", "recovered", "credit_moved"] as const;
export type EntryRole = (typeof ENTRY_ROLES)[number];

/** The heaviest single entry: 100,000 t, in grams (weights are kept as whole grams so totals add up exactly). */
export const MAX_ENTRY_WEIGHT_G = 100_000 * 1_000_000;
