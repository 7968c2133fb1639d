import { and, asc, eq, gt } from "drizzle-orm";
import { calendarFeeds, eventPhotos, eventRsvps, events } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";

/** What a member's export holds of events: the ones they organise and their answers to others. */
export async function exportedEvents(memberId: number, db: Db = getDb()) {
  const organised = await db
    .select({
      id: events.id,
      title: events.title,
      kind: events.kind,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      place: events.place,
      description: events.description,
      capacity: events.capacity,
      status: events.status,
      cancelReason: events.cancelReason,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(eq(events.organiserId, memberId))
    .orderBy(asc(events.id))
    .all();
  const answers = await db
    .select({ eventId: eventRsvps.eventId, status: eventRsvps.status, answeredAt: eventRsvps.answeredAt })
    .from(eventRsvps)
    .where(eq(eventRsvps.memberId, memberId))
    .orderBy(asc(eventRsvps.eventId))
    .all();
  return {
    organised: organised.map((row) => ({
      id: row.id,
      title: row.title,
      kind: row.kind,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      time_zone: row.timeZone,
      place: row.place,
      description: row.description,
      capacity: row.capacity,
      status: row.status,
      cancel_reason: row.cancelReason,
      created_at: row.createdAt.toISOString(),
    })),
    answers: answers.map((row) => ({
      event_id: row.eventId,
      status: row.status,
      answered_at: row.answeredAt.toISOString(),
    })),
  };
}

/** The events still ahead, going on, where the member holds a seat: leaving frees it. */
export async function seatsHeldBy(db: Db, memberId: number, now: number) {
  return db
    .select({ id: events.id, title: events.title, capacity: events.capacity, organiserId: events.organiserId })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .where(
      and(
        eq(eventRsvps.memberId, memberId),
        eq(eventRsvps.status, "going"),
        eq(events.status, "scheduled"),
        gt(events.endsAt, new Date(now)),
      ),
    )
    .all();
}

/**
 * A deleted member's events go with them (their answers, photos' rows and results with the
 * event), as do their answers to other events and their calendar address. Answers the photos'
 * files, removed once the erasing transaction committed.
 */
export async function eraseMemberEvents(db: Db, memberId: number): Promise<string[]> {
  const files = (
    await db
      .select({ fileName: eventPhotos.fileName })
      .from(eventPhotos)
      .innerJoin(events, eq(events.id, eventPhotos.eventId))
      .where(eq(events.organiserId, memberId))
      .all()
  ).map((row) => row.fileName);
  await db.delete(eventRsvps).where(eq(eventRsvps.memberId, memberId)).run();
  await db.delete(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)).run();
  await db.delete(events).where(eq(events.organiserId, memberId)).run();
  return files;
}
