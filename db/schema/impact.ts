/** The impact ledger: entries and the per-day sums read by dashboards and the trending feed. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MATERIALS } from "../exchange-values";
import { ENTRY_ROLES, ENTRY_SOURCES, MAX_ENTRY_WEIGHT_G, TREATMENTS, type EntryRole } from "../impact-values";
import { createdAt, oneOf } from "./columns";
import { events } from "./events";
import { orders } from "./exchange";
import { lotOperations } from "./lots";
import { users } from "./members";

/**
 * The impact ledger: one row a material flow of one member. Weights and CO2e are whole grams, so
 * every total is an exact sum of its entries. `co2e_g` is what the entry avoided against landfill,
 * worked out when the entry was written from the factor table named in `factor_table` (its
 * edition): a later edition never rewrites it. `role` says the member's part in the load, so each
 * kilogram and its CO2e are claimed once (docs/decisions/043-counting-each-kilogram-once.md): an
 * order's completion writes a `diverted` entry for the seller (the CO2e, "fate pending") and a
 * `received` one for the buyer (no CO2e); a final operation on a lot writes the holder's
 * `recovered` entry and moves the pending CO2e from the first transferor (`credit_moved`).
 * `counts_once` marks the entries that add to figures across members. An event's results write
 * one `own` entry a line for its organiser, with `event_id` (docs/decisions/052), replaced whole
 * when the results are recorded again and gone with the event. Rows are summed by day in
 * impact_days and impact_member_days, kept by triggers (migration 0024).
 */
export const impactEntries = sqliteTable(
  "impact_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day it happened, YYYY-MM-DD. */
    date: text("date").notNull(),
    material: text("material", { enum: MATERIALS }).notNull(),
    treatment: text("treatment", { enum: TREATMENTS }).notNull(),
    weightG: integer("weight_g").notNull(),
    /** Money in whole cents of `currency`: positive a revenue, negative a cost; null when none was given. */
    revenueCents: integer("revenue_cents"),
    currency: text("currency"),
    note: text("note"),
    source: text("source", { enum: ENTRY_SOURCES }).notNull(),
    /** The order of a hand-over; on an operation's entries, the order of the load's first hand-over. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    role: text("role", { enum: ENTRY_ROLES }).$type<EntryRole>().notNull().default("own"),
    lotOperationId: integer("lot_operation_id").references(() => lotOperations.id, { onDelete: "cascade" }),
    /** The event whose results wrote the entry (source `event`). */
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    countsOnce: integer("counts_once", { mode: "boolean" }).notNull().default(true),
    co2eG: integer("co2e_g").notNull(),
    factorTable: text("factor_table").notNull(),
    /** The key a form (or a client) sent the entry with: sent again, it records nothing new. */
    submissionKey: text("submission_key"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // The list and the export read one member's entries by day; recent activity by when they were written.
  (table) => [
    oneOf("impact_entries_material_check", table.material, MATERIALS),
    oneOf("impact_entries_treatment_check", table.treatment, TREATMENTS),
    oneOf("impact_entries_source_check", table.source, ENTRY_SOURCES),
    check(
      "impact_entries_weight_check",
      sql`${table.weightG} > 0 and ${table.weightG} <= ${sql.raw(String(MAX_ENTRY_WEIGHT_G))}`,
    ),
    check("impact_entries_date_check", sql`${table.date} glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'`),
    oneOf("impact_entries_role_check", table.role, ENTRY_ROLES),
    check(
      "impact_entries_order_check",
      sql`(${table.source} in ('recorded', 'event')) = (${table.orderId} is null and ${table.lotOperationId} is null)`,
    ),
    check("impact_entries_event_check", sql`(${table.source} = 'event') = (${table.eventId} is not null)`),
    check("impact_entries_operation_check", sql`(${table.source} = 'operation') = (${table.lotOperationId} is not null)`),
    check(
      "impact_entries_source_role_check",
      sql`(${table.source} = 'recorded' and ${table.role} = 'own')
        or (${table.source} = 'order' and ${table.role} in ('diverted', 'received'))
        or (${table.source} = 'operation' and ${table.role} in ('recovered', 'credit_moved'))
        or (${table.source} = 'event' and ${table.role} = 'own')`,
    ),
    check("impact_entries_currency_check", sql`(${table.revenueCents} is null) = (${table.currency} is null)`),
    index("impact_entries_member_date_idx").on(table.memberId, table.date, table.id),
    index("impact_entries_member_created_idx").on(table.memberId, table.createdAt),
    // An order writes one entry a party, whoever completes it again; an operation one of each role.
    uniqueIndex("impact_entries_order_member_idx")
      .on(table.orderId, table.memberId)
      .where(sql`${table.source} = 'order'`),
    index("impact_entries_order_idx").on(table.orderId, table.memberId, table.role),
    uniqueIndex("impact_entries_operation_role_idx").on(table.lotOperationId, table.role),
    // An event's results are replaced whole, and go with the event.
    index("impact_entries_event_idx").on(table.eventId),
    uniqueIndex("impact_entries_member_submission_idx").on(table.memberId, table.submissionKey),
  ],
);

/**
 * A member's entries summed by day, material, treatment and currency: what the dashboard, the
 * report and /api/impact read, so a member with years of entries costs a few hundred rows. Written
 * only by the triggers on impact_entries, in the same statement as the entry.
 */
export const impactDays = sqliteTable(
  "impact_days",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    material: text("material").notNull(),
    treatment: text("treatment").notNull(),
    /** The entries' currency, '' for those without money. */
    currency: text("currency").notNull(),
    entries: integer("entries").notNull(),
    weightG: integer("weight_g").notNull(),
    co2eG: integer("co2e_g").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    costCents: integer("cost_cents").notNull(),
    /** The same sums over the entries from orders (weight both parties confirmed), to show apart from self-reported ones. */
    confirmedWeightG: integer("confirmed_weight_g").notNull(),
    confirmedCo2eG: integer("confirmed_co2e_g").notNull(),
    /**
     * The same sums over the entries with counts_once, for totals across members: a load's weight
     * once, at its first hand-over, moved from its expected treatment to the one an operation set.
     */
    onceWeightG: integer("once_weight_g").notNull(),
    onceCo2eG: integer("once_co2e_g").notNull(),
    /** Hand-overs (completed orders, each once: the seller's entries), for the platform's transfers. */
    handovers: integer("handovers").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.date, table.material, table.treatment, table.currency] }),
    index("impact_days_date_idx").on(table.date),
  ],
);

/**
 * A member's entries summed by day and currency alone, the weight of each treatment in a column
 * of its own: one or two rows a day, so the dashboard's cards and trend (and GET /api/impact) read
 * at most a few hundred rows whatever the number of entries or materials. Written only by the
 * triggers on impact_entries (migration 0010), beside impact_days; a new treatment needs a column.
 */
export const impactMemberDays = sqliteTable(
  "impact_member_days",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    /** The entries' currency, '' for those without money. */
    currency: text("currency").notNull(),
    entries: integer("entries").notNull(),
    weightG: integer("weight_g").notNull(),
    co2eG: integer("co2e_g").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    costCents: integer("cost_cents").notNull(),
    confirmedWeightG: integer("confirmed_weight_g").notNull(),
    confirmedCo2eG: integer("confirmed_co2e_g").notNull(),
    collectedG: integer("collected_g").notNull(),
    reusedG: integer("reused_g").notNull(),
    recycledG: integer("recycled_g").notNull(),
    compostedG: integer("composted_g").notNull(),
    energyRecoveryG: integer("energy_recovery_g").notNull(),
    landfilledG: integer("landfilled_g").notNull(),
    /** The member's part (docs/decisions/043): handed on, taken over, and treated by their own operation. */
    divertedG: integer("diverted_g").notNull(),
    receivedG: integer("received_g").notNull(),
    recoveredG: integer("recovered_g").notNull(),
    /** What they diverted whose fate no operation has set yet, and the CO2e credited to them for it meanwhile. */
    pendingG: integer("pending_g").notNull(),
    pendingCo2eG: integer("pending_co2e_g").notNull(),
    /** The CO2e of their own final operations on lots. */
    recoveredCo2eG: integer("recovered_co2e_g").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.date, table.currency] })],
);

/**
 * Every member's entries summed by day and treatment, over the entries that count across members
 * (counts_once), for the platform's figures (GET /api/impact/platform, the report's platform line):
 * a few rows a day however many members and entries, so all time reads a few thousand rows.
 * Written only by the triggers on impact_entries (migration 0024).
 */
export const impactPlatformDays = sqliteTable(
  "impact_platform_days",
  {
    date: text("date").notNull(),
    treatment: text("treatment").notNull(),
    /** Entries that count across members (a moved credit among them). */
    entries: integer("entries").notNull(),
    /** Each kilogram once: negative on a moved credit, which takes its weight from the expected treatment. */
    weightG: integer("weight_g").notNull(),
    co2eG: integer("co2e_g").notNull(),
    /** Hand-overs (completed orders, onward ones included). */
    handovers: integer("handovers").notNull(),
  },
  (table) => [primaryKey({ columns: [table.date, table.treatment] })],
);

/**
 * The days on which a member was active: signed in (a session was made) or wrote anything (a post,
 * comment, follow, listing, order, message, review or entry). Written by triggers (migration 0010);
 * Active Users counts the distinct members of a period.
 */
export const activityDays = sqliteTable(
  "activity_days",
  {
    day: text("day").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
);

export type ImpactEntry = typeof impactEntries.$inferSelect;
