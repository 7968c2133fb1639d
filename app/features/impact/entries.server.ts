import type { FormFailure, FormSuccess } from "~/lib/forms";
import { invalidInput, refuse } from "~/lib/forms";
import { canSeeEntry, type Viewer } from "~/services/access.server";
import { type AppDatabase, type Db, transaction } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { consumeRateLimit, waitOf } from "~/services/rate-limit.server";
import { serverTimeZone } from "~/services/http/time-zone.server";
import { co2eGramsOf, CURRENT_FACTOR_TABLE } from "./factors";
import { co2eAvoided } from "./format";
import { orderLedgerGrams, orderTreatment } from "./order-treatment";
import { lotOfListing } from "~/features/lots/store/listing-lot.server";
import type { CompletedOrder } from "~/features/exchange/orders.server";
import { todayIn } from "./periods";
import { entrySchema } from "./schemas";
import type { EntryView } from "./wire";
import { ENTRIES_PAGE_SIZE, MAX_ENTRY_WEIGHT_G, type Material, type Treatment } from "./vocabulary";
import {
  deleteRecordedEntry,
  entriesOfEvent,
  entriesPage,
  entryById,
  insertEntry,
  insertOrderEntries,
  replaceEventEntries,
  updateRecordedEntry,
  type ImpactEntry,
} from "./store/entries.server";

/**
 * The ledger's entries: a member records, changes and deletes their own loads; a completed order
 * writes one entry for each party (an operation on a lot writes its own: counting.server.ts). Every write of impact_entries is decided here and made by
 * store/entries.server.ts (the sums read impact_days, which triggers keep from these rows).
 */

/** What a member records for a load (the Process Waste form and POST /api/impact/entries), checked by schemas.ts. */
export type EntryInput = {
  date: string;
  material: Material;
  weight_kg: number;
  treatment: Treatment;
  revenue_cents?: number | null;
  note?: string | null;
  /** Sent again (a double click, a retried request), records nothing new. */
  submission_key?: string;
};

export type EntryQuery = { from?: string; to?: string; material?: Material; treatment?: Treatment; page: number };

export type EntryRefusal = FormFailure<{ message: string; errors: Record<string, string>; retryAfterSeconds?: number }>;
export type EntryOutcome = FormSuccess<{ message: string; entry: EntryView }> | EntryRefusal;

/** What a missing entry, and one that is not the viewer's, answer alike. */
export const NO_SUCH_ENTRY = "This entry does not exist.";

const ORDER_ENTRY_FIXED =
  "This entry comes from a completed order: its weight was confirmed by both parties, so it cannot be changed or deleted.";

const EVENT_ENTRY_FIXED =
  "This entry comes from an event's results: it changes when the organiser records the results again, so the load is counted once.";

const FIXED_ENTRY = { order: ORDER_ENTRY_FIXED, event: EVENT_ENTRY_FIXED } as const;

const OPERATION_ENTRY_FIXED =
  "This entry comes from an operation recorded on a lot: it changes with the lot's record only, so the load is counted once.";

/** Entries a member may record in an hour: more than any yard weighs in, too few for a script flooding the ledger. */
export const ENTRIES_PER_HOUR = 300;

/** An entry as its member and API clients see it. */
export function entryViewOf(row: ImpactEntry & { eventTitle?: string | null }): EntryView {
  return {
    id: row.id,
    date: row.date,
    material: row.material,
    weight_kg: row.weightG / 1000,
    treatment: row.treatment,
    revenue_cents: row.revenueCents,
    currency: row.currency,
    note: row.note,
    source: row.source,
    role: row.role,
    order_id: row.orderId,
    event_id: row.eventId,
    event_title: row.eventId === null ? null : (row.eventTitle ?? null),
    co2e_kg: row.co2eG / 1000,
    factor_table: row.factorTable,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The stored columns of a load: whole grams, and its CO2e worked out once, here, with the current
 * factor table (whose key it keeps); money in the instance's currency, or none.
 */
function columnsOf(values: { material: Material; treatment: Treatment; weight_kg: number; revenue_cents?: number | null }) {
  const weightG = Math.round(values.weight_kg * 1000);
  const revenueCents = values.revenue_cents ?? null;
  return {
    weightG,
    co2eG: co2eGramsOf(values.material, values.treatment, weightG),
    factorTable: CURRENT_FACTOR_TABLE.key,
    revenueCents,
    currency: revenueCents === null ? null : getEnv().currency,
  };
}

/** A load checked again here, whoever calls: the schema's rules hold for every write, not only the routes'. */
function checked(input: unknown): { ok: true; values: EntryInput } | EntryRefusal {
  const result = entrySchema.safeParse(input);
  if (!result.success) {
    const refusal = invalidInput(result.error);
    return { ...refusal, message: Object.values(refusal.errors)[0] ?? "The entry is not valid." };
  }
  const weightG = Math.round(result.data.weight_kg * 1000);
  if (weightG < 1 || weightG > MAX_ENTRY_WEIGHT_G)
    return refuse("invalid", "The weight is out of range.", { weight_kg: "The weight is out of range." });
  return { ok: true, values: result.data };
}

const loadMessage = (entry: EntryView) => `Load recorded: ${co2eAvoided(entry.co2e_kg)}.`;

/**
 * Counts one entry against the member's hourly allowance before it is written, so two at once
 * cannot both take the last one; `work` refused gives it back, since only what was written counts.
 */
async function withinEntryAllowance(memberId: number, work: () => Promise<EntryOutcome>): Promise<EntryOutcome> {
  const allowance = await consumeRateLimit(`impact-entry:member:${memberId}`, { limit: ENTRIES_PER_HOUR, windowMs: 60 * 60_000 });
  if (!allowance.allowed) {
    return {
      ...refuse("rate-limited", `You are recording loads too often. Please try again in ${waitOf(allowance.retryAfterSeconds)}.`),
      retryAfterSeconds: allowance.retryAfterSeconds,
    };
  }
  const outcome = await work();
  if (!outcome.ok) await allowance.release();
  return outcome;
}

export async function recordEntry(viewer: Viewer, input: EntryInput, db?: AppDatabase): Promise<EntryOutcome> {
  return withinEntryAllowance(viewer.id, async () => {
    const check = checked(input);
    if (!check.ok) return check;
    const { values } = check;
    // A key sent before answers the entry it recorded, and nothing new is written.
    const stored = await insertEntry(db, {
      memberId: viewer.id,
      date: values.date,
      material: values.material,
      treatment: values.treatment,
      note: values.note ?? null,
      source: "recorded",
      submissionKey: values.submission_key ?? null,
      ...columnsOf(values),
    });
    const entry = entryViewOf(stored);
    return { ok: true, message: loadMessage(entry), entry };
  });
}

/** The viewer's own entry, or why it cannot be changed: another member's is not-found, one from an order is forbidden. */
async function ownRecorded(db: Db, viewer: Viewer, id: number): Promise<{ ok: true; row: ImpactEntry } | EntryRefusal> {
  const row = await entryById(db, id);
  if (!row || !canSeeEntry(viewer, row)) return refuse("not-found", NO_SUCH_ENTRY);
  if (row.source !== "recorded")
    return refuse("forbidden", row.source === "operation" ? OPERATION_ENTRY_FIXED : FIXED_ENTRY[row.source]);
  return { ok: true, row };
}

/** Only the member's own recorded entries change: another member's is not-found, one from an order is forbidden. */
export async function changeEntry(
  viewer: Viewer,
  id: number,
  input: Partial<EntryInput>,
  db?: AppDatabase,
): Promise<EntryOutcome> {
  return transaction(async (tx) => {
    const own = await ownRecorded(tx, viewer, id);
    if (!own.ok) return own;
    const stored = entryViewOf(own.row);
    const change = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    // The whole entry is checked again, so the rules hold for it and not only for what was sent.
    const check = checked({
      date: stored.date,
      material: stored.material,
      weight_kg: stored.weight_kg,
      treatment: stored.treatment,
      revenue_cents: stored.revenue_cents,
      note: stored.note,
      ...change,
    });
    if (!check.ok) return check;
    const { values } = check;
    const columns = columnsOf(values);
    // Money left unchanged (not sent, or sent as it was: a form sends every field) keeps the currency it was written in.
    const sameMoney = !("revenue_cents" in change) || values.revenue_cents === own.row.revenueCents;
    const money = sameMoney ? { revenueCents: own.row.revenueCents, currency: own.row.currency } : {};
    const row = await updateRecordedEntry(tx, id, viewer.id, {
      date: values.date,
      material: values.material,
      treatment: values.treatment,
      note: values.note ?? null,
      ...columns,
      ...money,
      updatedAt: new Date(),
    });
    const entry = entryViewOf(row);
    return { ok: true, message: `Entry updated: ${co2eAvoided(entry.co2e_kg)}.`, entry };
  }, db);
}

export async function deleteEntry(
  viewer: Viewer,
  id: number,
  db?: AppDatabase,
): Promise<FormSuccess<{ message: string }> | EntryRefusal> {
  return transaction(async (tx): Promise<FormSuccess<{ message: string }> | EntryRefusal> => {
    const own = await ownRecorded(tx, viewer, id);
    if (!own.ok) return own;
    await deleteRecordedEntry(tx, id, viewer.id);
    return { ok: true as const, message: "Entry deleted." };
  }, db);
}

export async function getEntry(viewer: Viewer, id: number, db?: AppDatabase): Promise<EntryView | null> {
  const row = await entryById(db, id);
  return row && canSeeEntry(viewer, row) ? entryViewOf(row) : null;
}

/**
 * The viewer's entries, newest day first (the latest written first within a day), filtered, a
 * page at a time, with how many match in all. Reads the (member, date, id) index.
 */
export async function listEntries(
  viewer: Viewer,
  query: EntryQuery,
  db?: AppDatabase,
): Promise<{ entries: EntryView[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } }> {
  const limit = ENTRIES_PAGE_SIZE;
  const { rows, total } = await entriesPage(db, viewer.id, query, limit);
  return { entries: rows.map(entryViewOf), pagination: { page: query.page, limit, total, hasMore: query.page * limit < total } };
}

/**
 * Called by the order's completion, inside its transaction: one entry for each party, from the
 * weight both confirmed and the listing's material (docs/decisions/043). The seller diverted the
 * load and the buyer received it; the load's CO2e is credited once, to the seller as "diverted,
 * fate pending", until an operation further down the chain sets its fate. An order of a listing
 * made from a lot hands on a load already counted at its first hand-over: both entries add to the
 * parties' own handled weight, neither to any figure across members, and the CO2e stays with the
 * load's first transferor.
 */
export async function writeOrderEntries(tx: Db, order: CompletedOrder): Promise<void> {
  const { listing } = order;
  const weightG = orderLedgerGrams(order.weightKg);
  if (weightG === null) return;
  const treatment = orderTreatment(listing);
  const onward = (await lotOfListing(tx, listing.id)) !== null;
  // What the order cost as settled: by the confirmed weight for a listing per kg or t.
  const totalCents = order.totalCents;
  const currency = totalCents === 0 ? null : getEnv().currency;
  const common = {
    orderId: order.id,
    source: "order" as const,
    date: todayIn(serverTimeZone()),
    material: listing.material,
    treatment,
    weightG,
    factorTable: CURRENT_FACTOR_TABLE.key,
    currency,
  };
  await insertOrderEntries(tx, [
    {
      ...common,
      memberId: order.sellerId,
      role: "diverted",
      countsOnce: !onward,
      co2eG: onward ? 0 : co2eGramsOf(listing.material, treatment, weightG),
      revenueCents: totalCents === 0 ? null : totalCents,
    },
    {
      ...common,
      memberId: order.buyerId,
      role: "received",
      countsOnce: false,
      co2eG: 0,
      revenueCents: totalCents === 0 ? null : -totalCents,
    },
  ]);
}

/** One line of what an event collected: a material, its weight and what became of it. */
export type EventLoad = { material: Material; weight_kg: number; treatment: Treatment };

/**
 * Called when an organiser records an event's results, inside that transaction
 * (docs/decisions/052): the event's entries are replaced whole by one `own` entry a line, on the
 * organiser's ledger, dated the day the event started where it took place. An event's collection
 * is its loads' first hand-over on the platform, so each counts once across members, its CO2e
 * worked out here like a recorded load's. Recording again deletes the entries it wrote before in
 * the same statement set, so no kilogram is ever counted twice. Answers the entries written.
 */
export async function writeEventEntries(
  tx: Db,
  event: { id: number; organiserId: number; date: string },
  loads: EventLoad[],
): Promise<EntryView[]> {
  const rows = await replaceEventEntries(
    tx,
    event.id,
    loads.map((load) => ({
      memberId: event.organiserId,
      eventId: event.id,
      source: "event" as const,
      role: "own" as const,
      countsOnce: true,
      date: event.date,
      material: load.material,
      treatment: load.treatment,
      note: null,
      ...columnsOf({ ...load, revenue_cents: null }),
    })),
  );
  return rows.map((row) => entryViewOf(row));
}

/** An event's entries, in the order they were recorded (the results' lines). */
export async function eventEntries(eventId: number, db?: Db): Promise<EntryView[]> {
  return (await entriesOfEvent(db, eventId)).map((row) => entryViewOf(row));
}
