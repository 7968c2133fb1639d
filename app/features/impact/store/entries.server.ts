import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { events, impactEntries, type ImpactEntry } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";
import type { Material, Treatment } from "../vocabulary";

/**
 * The ledger's store: every read and write of impact_entries by one entry or one page of them
 * (the downloads read them in ledger-pages.server.ts, the sums in summary.server.ts).
 */

export type { ImpactEntry };
type NewEntry = typeof impactEntries.$inferInsert;

/**
 * Writes a recorded load. A submission key sent before writes nothing new: the entry it recorded
 * is answered instead.
 */
export async function insertEntry(db: Db = getDb(), values: NewEntry): Promise<ImpactEntry> {
  const row = await db.insert(impactEntries).values(values).onConflictDoNothing().returning().get();
  return (
    row ??
    (await db
      .select()
      .from(impactEntries)
      .where(and(eq(impactEntries.memberId, values.memberId), eq(impactEntries.submissionKey, values.submissionKey!)))
      .get())!
  );
}

/** An entry with the title of the event that wrote it (null for others), which the ledger shows as its source. */
type EntryWithEvent = ImpactEntry & { eventTitle: string | null };

const withEventTitle = (db: Db) =>
  db
    .select({ entry: impactEntries, eventTitle: events.title })
    .from(impactEntries)
    .leftJoin(events, eq(events.id, impactEntries.eventId));

const flatten = ({ entry, eventTitle }: { entry: ImpactEntry; eventTitle: string | null }): EntryWithEvent => ({
  ...entry,
  eventTitle,
});

export async function entryById(db: Db = getDb(), id: number): Promise<EntryWithEvent | undefined> {
  const row = await withEventTitle(db).where(eq(impactEntries.id, id)).get();
  return row && flatten(row);
}

/** Only the member's own recorded entries change, whatever the caller read before. */
const ownRecordedEntry = (id: number, memberId: number) =>
  and(eq(impactEntries.id, id), eq(impactEntries.memberId, memberId), eq(impactEntries.source, "recorded"));

export async function updateRecordedEntry(db: Db, id: number, memberId: number, change: Partial<NewEntry>): Promise<ImpactEntry> {
  return (await db.update(impactEntries).set(change).where(ownRecordedEntry(id, memberId)).returning().get())!;
}

export async function deleteRecordedEntry(db: Db, id: number, memberId: number): Promise<void> {
  await db.delete(impactEntries).where(ownRecordedEntry(id, memberId)).run();
}

/**
 * A member's entries, newest day first (the latest written first within a day), filtered, a
 * page at a time, with how many match in all. Reads the (member, date, id) index.
 */
export async function entriesPage(
  db: Db = getDb(),
  memberId: number,
  query: { from?: string; to?: string; material?: Material; treatment?: Treatment; page: number },
  limit: number,
): Promise<{ rows: EntryWithEvent[]; total: number }> {
  const conditions: SQL[] = [eq(impactEntries.memberId, memberId)];
  if (query.from) conditions.push(gte(impactEntries.date, query.from));
  if (query.to) conditions.push(lte(impactEntries.date, query.to));
  if (query.material) conditions.push(eq(impactEntries.material, query.material));
  if (query.treatment) conditions.push(eq(impactEntries.treatment, query.treatment));
  const where = and(...conditions);
  const total = (await db.select({ total: count() }).from(impactEntries).where(where).get())!.total;
  const rows = await withEventTitle(db)
    .where(where)
    .orderBy(desc(impactEntries.date), desc(impactEntries.id))
    .limit(limit)
    .offset((query.page - 1) * limit)
    .all();
  return { rows: rows.map(flatten), total };
}

/** An order's entries, one for each party; an order's entries are written once, whoever completes it again. */
export async function insertOrderEntries(db: Db, rows: NewEntry[]): Promise<void> {
  await db.insert(impactEntries).values(rows).onConflictDoNothing().run();
}

/**
 * What is left of the CO2e credited to a load's first transferor as "diverted, fate pending": their
 * `diverted` entry of the order that first handed it over, less the credit later operations moved
 * away. Null when that entry does not exist (the order put nothing in the ledger, or the member left).
 */
export async function pendingCredit(
  db: Db,
  orderId: number,
  memberId: number,
): Promise<{ material: Material; treatment: Treatment; weightG: number; co2eG: number } | null> {
  const ofTheLoad = (role: "diverted" | "credit_moved") =>
    and(eq(impactEntries.orderId, orderId), eq(impactEntries.memberId, memberId), eq(impactEntries.role, role));
  const diverted = await db
    .select()
    .from(impactEntries)
    .where(and(ofTheLoad("diverted"), eq(impactEntries.countsOnce, true)))
    .get();
  if (!diverted) return null;
  const moved = (await db
    .select({
      weightG: sql<number>`coalesce(sum(${impactEntries.weightG}), 0)`,
      co2eG: sql<number>`coalesce(sum(${impactEntries.co2eG}), 0)`,
    })
    .from(impactEntries)
    .where(ofTheLoad("credit_moved"))
    .get())!;
  return {
    material: diverted.material,
    treatment: diverted.treatment,
    weightG: diverted.weightG - moved.weightG,
    co2eG: diverted.co2eG + moved.co2eG,
  };
}

/** An operation's entries (the holder's, and the credit it moved); recorded again, it writes nothing new. */
export async function insertOperationEntries(db: Db, rows: NewEntry[]): Promise<void> {
  await db.insert(impactEntries).values(rows).onConflictDoNothing().run();
}

/**
 * An event's entries replaced whole: the ones its results wrote before deleted, the new ones
 * written (the sums by day follow both by trigger). The caller's transaction makes it one change.
 */
export async function replaceEventEntries(db: Db, eventId: number, rows: NewEntry[]): Promise<ImpactEntry[]> {
  await db
    .delete(impactEntries)
    .where(and(eq(impactEntries.eventId, eventId), eq(impactEntries.source, "event")))
    .run();
  return rows.length ? await db.insert(impactEntries).values(rows).returning().all() : [];
}

/** An event's entries, in the order they were written. */
export async function entriesOfEvent(db: Db = getDb(), eventId: number): Promise<ImpactEntry[]> {
  return db.select().from(impactEntries).where(eq(impactEntries.eventId, eventId)).orderBy(asc(impactEntries.id)).all();
}
