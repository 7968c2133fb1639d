import { and, eq } from "drizzle-orm";
import { eventResults, eventRsvps, events } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";

/** The events' results: the row of counts beside the ledger's entries, and what recording them reads. */

export type StoredResults = typeof eventResults.$inferSelect;
type ResultsRow = Omit<typeof eventResults.$inferInsert, "eventId" | "recordedAt" | "updatedAt">;

/** What recording results, an event's badge and its page need of the event. */
export async function eventForResults(eventId: number, db: Db = getDb()) {
  return db
    .select({
      id: events.id,
      organiserId: events.organiserId,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      status: events.status,
      isSample: events.isSample,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
}

/** Writes the event's results, replacing the ones recorded before (their first recording's time kept). */
export async function putResults(db: Db, eventId: number, values: ResultsRow, now: Date): Promise<StoredResults> {
  return db
    .insert(eventResults)
    .values({ ...values, eventId, recordedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: eventResults.eventId, set: { ...values, updatedAt: now } })
    .returning()
    .get();
}

export async function storedResults(eventId: number, db: Db = getDb()): Promise<StoredResults | undefined> {
  return db.select().from(eventResults).where(eq(eventResults.eventId, eventId)).get();
}

/** The members going to the event, who are told of its results. */
export async function goingMemberIds(db: Db, eventId: number): Promise<number[]> {
  return (
    await db
      .select({ memberId: eventRsvps.memberId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going")))
      .all()
  ).map((row) => row.memberId);
}
