import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { eventPhotos, eventRsvps, events, users } from "../../../../db/schema";
import type { RsvpStatus } from "../../../../db/event-values";
import { getDb, namesHeldIn, type Db } from "~/services/database/db.server";
import { moveMediaIntoPlace, type AcceptedMedia, type StoredMedia } from "~/services/media.server";
import type { EventValues } from "../schemas";

/** The events' rows: reads and writes, each the smallest the rules in events.server.ts need. */

export type EventRow = typeof events.$inferSelect & { organiserName: string; photoFile: string | null };

const eventColumns = {
  row: events,
  organiserName: users.username,
  photoFile: eventPhotos.fileName,
};

const flatten = (found: { row: typeof events.$inferSelect; organiserName: string; photoFile: string | null }): EventRow => ({
  ...found.row,
  organiserName: found.organiserName,
  photoFile: found.photoFile,
});

/**
 * What visitors see, and anyone may have as a calendar file: the one rule. No sample events, none
 * of an organiser deleted or suspended now.
 */
export const publicConditions = (): SQL[] => [
  eq(events.isSample, false),
  sql`EXISTS (SELECT 1 FROM users organiser WHERE organiser.id = ${events.organiserId} AND organiser.deleted_at IS NULL
    AND (organiser.suspended_at IS NULL OR organiser.suspended_until <= ${Date.now()}))`,
];

export async function eventById(id: number, { publicOnly = false }: { publicOnly?: boolean } = {}, db: Db = getDb()) {
  const found = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(users, eq(users.id, events.organiserId))
    .leftJoin(eventPhotos, eq(eventPhotos.eventId, events.id))
    .where(and(eq(events.id, id), ...(publicOnly ? publicConditions() : [])))
    .get();
  return found ? flatten(found) : undefined;
}

export type EventListFilter = { from?: number; to?: number; kind?: string; publicOnly?: boolean };

function listConditions(filter: EventListFilter): SQL[] {
  return [
    ...(filter.from !== undefined ? [gte(events.startsAt, new Date(filter.from))] : []),
    ...(filter.to !== undefined ? [lte(events.startsAt, new Date(filter.to))] : []),
    ...(filter.kind ? [sql`${events.kind} = ${filter.kind}`] : []),
    ...(filter.publicOnly ? publicConditions() : []),
  ];
}

/**
 * A page of events, upcoming first: those not ended, soonest first, then those ended, latest
 * first (the id breaks ties, so pages never overlap). Asks for one more than a page to know
 * whether another follows.
 */
export async function eventPage(filter: EventListFilter, now: number, page: number, limit: number, db: Db = getDb()) {
  const ended = sql`(${events.endsAt} <= ${now})`;
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(users, eq(users.id, events.organiserId))
    .leftJoin(eventPhotos, eq(eventPhotos.eventId, events.id))
    .where(and(...listConditions(filter)))
    .orderBy(
      asc(ended),
      sql`CASE WHEN ${ended} THEN NULL ELSE ${events.startsAt} END ASC`,
      sql`${events.startsAt} DESC`,
      asc(events.id),
    )
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .all();
  return { rows: rows.slice(0, limit).map(flatten), hasMore: rows.length > limit };
}

/** Events starting between two instants (a month's grid), soonest first, at most `limit`. */
export async function eventsBetween(filter: EventListFilter & { from: number; to: number }, limit: number, db: Db = getDb()) {
  return (
    await db
      .select(eventColumns)
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .leftJoin(eventPhotos, eq(eventPhotos.eventId, events.id))
      .where(and(...listConditions(filter)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(limit)
      .all()
  ).map(flatten);
}

/** The next scheduled public events that have not started, soonest first (the landing page's). */
export async function nextPublicEvents(now: number, limit: number, db: Db = getDb()) {
  return (
    await db
      .select(eventColumns)
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .leftJoin(eventPhotos, eq(eventPhotos.eventId, events.id))
      .where(and(gte(events.startsAt, new Date(now)), eq(events.status, "scheduled"), ...publicConditions()))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(limit)
      .all()
  ).map(flatten);
}

/** Each public event's id and when it last changed, newest first (the sitemap's). */
export async function publicEventStamps(limit: number, db: Db = getDb()) {
  return db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .innerJoin(users, eq(users.id, events.organiserId))
    .where(and(...publicConditions()))
    .orderBy(sql`${events.startsAt} DESC`)
    .limit(limit)
    .all();
}

const columnsOf = (values: EventValues) => ({
  title: values.title,
  kind: values.kind,
  startsAt: new Date(values.startsAt),
  endsAt: new Date(values.endsAt),
  timeZone: values.timeZone,
  place: values.place,
  description: values.description,
  capacity: values.capacity,
});

/** Writes an event and its photo's row, and moves the photo's file into place; the caller's transaction. */
export async function insertEvent(
  db: Db,
  organiserId: number,
  values: EventValues,
  photo: { file: AcceptedMedia; stored: StoredMedia } | null,
  { isSample = false }: { isSample?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .insert(events)
    .values({ organiserId, ...columnsOf(values), isSample })
    .returning({ id: events.id })
    .all();
  if (photo) {
    await db
      .insert(eventPhotos)
      .values({ eventId: row!.id, ...photo.stored })
      .run();
    moveMediaIntoPlace([photo.file], [photo.stored]);
  }
  return row!.id;
}

/** Changes an event; a new start time makes the day-before reminder due again. */
export async function updateEvent(db: Db, id: number, values: EventValues, now: number) {
  await db
    .update(events)
    .set({
      ...columnsOf(values),
      updatedAt: new Date(now),
      remindedAt: sql`CASE WHEN ${events.startsAt} = ${values.startsAt} THEN ${events.remindedAt} ELSE NULL END`,
    })
    .where(eq(events.id, id))
    .run();
}

export async function markCancelled(db: Db, id: number, reason: string, now: number) {
  await db
    .update(events)
    .set({ status: "cancelled", cancelReason: reason, cancelledAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(events.id, id))
    .run();
}

/** How many are going and waiting, for each event named. */
export async function seatCounts(ids: number[], db: Db = getDb()) {
  const counts = new Map<number, { going: number; waiting: number }>();
  for (const id of ids) counts.set(id, { going: 0, waiting: 0 });
  if (!ids.length) return counts;
  const rows = await db
    .select({ eventId: eventRsvps.eventId, status: eventRsvps.status, count: sql<number>`count(*)` })
    .from(eventRsvps)
    .where(and(inArray(eventRsvps.eventId, ids), inArray(eventRsvps.status, ["going", "waitlisted"])))
    .groupBy(eventRsvps.eventId, eventRsvps.status)
    .all();
  for (const row of rows) {
    const count = counts.get(row.eventId)!;
    if (row.status === "going") count.going = row.count;
    else count.waiting = row.count;
  }
  return counts;
}

/** The member's answer to an event, with their place in the waiting list when they wait (1 is next). */
export async function answerOf(eventId: number, memberId: number, db: Db = getDb()) {
  const row = await db
    .select({ status: eventRsvps.status, answeredAt: eventRsvps.answeredAt })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.memberId, memberId)))
    .get();
  if (!row) return null;
  if (row.status !== "waitlisted") return { status: row.status, position: null };
  const ahead = (await db
    .select({ count: sql<number>`count(*)` })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.status, "waitlisted"),
        sql`(${eventRsvps.answeredAt} < ${row.answeredAt.getTime()} OR (${eventRsvps.answeredAt} = ${row.answeredAt.getTime()} AND ${eventRsvps.memberId} < ${memberId}))`,
      ),
    )
    .get())!.count;
  return { status: row.status, position: ahead + 1 };
}

/** Writes a member's answer; when it answered changes only with its status (it orders the waiting list). */
export async function writeAnswer(db: Db, eventId: number, memberId: number, status: RsvpStatus, now: number) {
  await db
    .insert(eventRsvps)
    .values({ eventId, memberId, status, answeredAt: new Date(now) })
    .onConflictDoUpdate({
      target: [eventRsvps.eventId, eventRsvps.memberId],
      set: {
        status,
        answeredAt: sql`CASE WHEN ${eventRsvps.status} = ${status} THEN ${eventRsvps.answeredAt} ELSE ${now} END`,
      },
    })
    .run();
}

/** The first `count` waiting, in the order they answered. */
export async function firstWaiting(db: Db, eventId: number, count: number) {
  if (count <= 0) return [];
  return (
    await db
      .select({ memberId: eventRsvps.memberId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "waitlisted")))
      .orderBy(asc(eventRsvps.answeredAt), asc(eventRsvps.memberId))
      .limit(count)
      .all()
  ).map((row) => row.memberId);
}

/** Those who answered with one of these statuses. */
export async function membersAnswering(db: Db, eventId: number, statuses: RsvpStatus[]) {
  return (
    await db
      .select({ memberId: eventRsvps.memberId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), inArray(eventRsvps.status, statuses)))
      .all()
  ).map((row) => row.memberId);
}

/** Everyone who answered, with their name: going first, then waiting in order, then not going. */
export async function attendeeRows(eventId: number, db: Db = getDb()) {
  return db
    .select({
      memberId: eventRsvps.memberId,
      username: users.username,
      status: eventRsvps.status,
      answeredAt: eventRsvps.answeredAt,
    })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.memberId))
    .where(eq(eventRsvps.eventId, eventId))
    .orderBy(
      sql`CASE ${eventRsvps.status} WHEN 'going' THEN 0 WHEN 'waitlisted' THEN 1 ELSE 2 END`,
      asc(eventRsvps.answeredAt),
      asc(eventRsvps.memberId),
    )
    .all();
}

/** The caller's answers to the events named, for a list's "you are going" marks. */
export async function answersOf(memberId: number, ids: number[], db: Db = getDb()) {
  if (!ids.length) return new Map<number, RsvpStatus>();
  const rows = await db
    .select({ eventId: eventRsvps.eventId, status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.memberId, memberId), inArray(eventRsvps.eventId, ids)))
    .all();
  return new Map(rows.map((row) => [row.eventId, row.status]));
}

/** Which of some stored media names are events' photos. */
export const heldEventPhotos = namesHeldIn(eventPhotos.fileName);
