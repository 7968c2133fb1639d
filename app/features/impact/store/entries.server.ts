import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { impactEntries, type ImpactEntry } from "../../../../db/schema";
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
  const row = db.insert(impactEntries).values(values).onConflictDoNothing().returning().get();
  return (
    row ??
    db
      .select()
      .from(impactEntries)
      .where(and(eq(impactEntries.memberId, values.memberId), eq(impactEntries.submissionKey, values.submissionKey!)))
      .get()!
  );
}

export async function entryById(db: Db = getDb(), id: number): Promise<ImpactEntry | undefined> {
  return db.select().from(impactEntries).where(eq(impactEntries.id, id)).get();
}

/** Only the member's own recorded entries change, whatever the caller read before. */
const ownRecordedEntry = (id: number, memberId: number) =>
  and(eq(impactEntries.id, id), eq(impactEntries.memberId, memberId), eq(impactEntries.source, "recorded"));

export async function updateRecordedEntry(db: Db, id: number, memberId: number, change: Partial<NewEntry>): Promise<ImpactEntry> {
  return db.update(impactEntries).set(change).where(ownRecordedEntry(id, memberId)).returning().get()!;
}

export async function deleteRecordedEntry(db: Db, id: number, memberId: number): Promise<void> {
  db.delete(impactEntries).where(ownRecordedEntry(id, memberId)).run();
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
): Promise<{ rows: ImpactEntry[]; total: number }> {
  const conditions: SQL[] = [eq(impactEntries.memberId, memberId)];
  if (query.from) conditions.push(gte(impactEntries.date, query.from));
  if (query.to) conditions.push(lte(impactEntries.date, query.to));
  if (query.material) conditions.push(eq(impactEntries.material, query.material));
  if (query.treatment) conditions.push(eq(impactEntries.treatment, query.treatment));
  const where = and(...conditions);
  const total = db.select({ total: count() }).from(impactEntries).where(where).get()!.total;
  const rows = db
    .select()
    .from(impactEntries)
    .where(where)
    .orderBy(desc(impactEntries.date), desc(impactEntries.id))
    .limit(limit)
    .offset((query.page - 1) * limit)
    .all();
  return { rows, total };
}

/** An order's entries, one for each party; an order's entries are written once, whoever completes it again. */
export async function insertOrderEntries(db: Db, rows: NewEntry[]): Promise<void> {
  db.insert(impactEntries).values(rows).onConflictDoNothing().run();
}
