import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { calendarFeeds, eventRsvps, events, users } from "../../../../db/schema";
import { getDb, type Db, changedRows } from "~/services/database/db.server";
import { publicConditions } from "./events.server";

/**
 * What calendar files, the personal feed, the day-before reminder and one search read of events
 * and their answers.
 */

/** The columns a calendar file states. */
const calendarColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  place: events.place,
  description: events.description,
  status: events.status,
  cancelReason: events.cancelReason,
  cancelledAt: events.cancelledAt,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};
export type CalendarRow = {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  place: string;
  description: string;
  status: "scheduled" | "cancelled";
  cancelReason: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One event for its calendar file, or null when there is none anyone may have. */
export async function calendarEventRow(id: number): Promise<CalendarRow | null> {
  return (
    (await getDb()
      .select(calendarColumns)
      .from(events)
      .where(and(eq(events.id, id), ...publicConditions()))
      .get()) ?? null
  );
}

/** How far back a feed keeps events that ended: calendar programs keep their own copies of older ones. */
const FEED_PAST_MS = 90 * 24 * 60 * 60 * 1000;
/** The most events one feed holds, the soonest-ending kept. */
const FEED_MAX_EVENTS = 500;

/**
 * The feed's owner and the events they go to (cancelled ones too, so calendars strike them off),
 * from 90 days back; null for a token that is no feed's.
 */
export async function feedByToken(token: string): Promise<{ memberId: number; events: CalendarRow[] } | null> {
  const db = getDb();
  const feed = await db
    .select({ memberId: calendarFeeds.memberId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.memberId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.deletedAt)))
    .get();
  if (!feed) return null;
  // The events they go to, and those they organise (an organiser hosts and does not answer).
  const going = db
    .select({ id: eventRsvps.eventId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.memberId, feed.memberId), eq(eventRsvps.status, "going")));
  const rows = await db
    .select(calendarColumns)
    .from(events)
    .where(
      and(
        or(eq(events.organiserId, feed.memberId), inArray(events.id, going)),
        gt(events.endsAt, new Date(Date.now() - FEED_PAST_MS)),
        ...publicConditions(),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FEED_MAX_EVENTS)
    .all();
  return { memberId: feed.memberId, events: rows };
}

/** The member's feed token, written with `fresh` when they have none yet (the one written wins a race). */
export async function feedTokenOf(memberId: number, fresh: string): Promise<string> {
  const db = getDb();
  await db.insert(calendarFeeds).values({ memberId, token: fresh }).onConflictDoNothing({ target: calendarFeeds.memberId }).run();
  return (await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)).get())!
    .token;
}

/** Replaces the member's feed token: the old address answers nothing from now on. */
export async function replaceFeedToken(memberId: number, token: string): Promise<void> {
  await getDb()
    .insert(calendarFeeds)
    .values({ memberId, token })
    .onConflictDoUpdate({ target: calendarFeeds.memberId, set: { token } })
    .run();
}

/** An event the day-before reminder is about. */
export type ReminderRow = { id: number; organiserId: number; title: string; startsAt: Date; timeZone: string; place: string };

/**
 * The events whose reminder is due at `now`: going ahead, real, starting within `aheadMs` and not
 * started yet, and not reminded. An event created less than a day ahead is due at once.
 */
export async function dueReminders(now: Date, aheadMs: number): Promise<ReminderRow[]> {
  return getDb()
    .select({
      id: events.id,
      organiserId: events.organiserId,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      place: events.place,
    })
    .from(events)
    .where(
      and(
        eq(events.status, "scheduled"),
        eq(events.isSample, false),
        isNull(events.remindedAt),
        gt(events.startsAt, now),
        lte(events.startsAt, new Date(now.getTime() + aheadMs)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .all();
}

/**
 * Marks the event reminded if nobody did yet: true for the one caller that did, so two workers
 * running the reminder at once tell each member once. A cancellation since the read stops it.
 */
export async function claimReminder(tx: Db, eventId: number, now: Date): Promise<boolean> {
  const result = await tx
    .update(events)
    .set({ remindedAt: now })
    .where(and(eq(events.id, eventId), isNull(events.remindedAt), eq(events.status, "scheduled")))
    .run();
  return changedRows(result) === 1;
}

/** The members going to an event. */
export async function goingMemberIds(tx: Db, eventId: number): Promise<number[]> {
  return (
    await tx
      .select({ memberId: eventRsvps.memberId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going")))
      .orderBy(asc(eventRsvps.memberId))
      .all()
  ).map((row) => row.memberId);
}
