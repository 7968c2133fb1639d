import { and, asc, desc, gt, notInArray, sql, type SQL } from "drizzle-orm";
import { events } from "../../../../db/schema";
import { blockedIdsOf, type Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { ftsWords } from "~/lib/fts-query";
import type { EventKind } from "../../../../db/event-values";

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** An event as one search lists it. */
export type FoundEvent = {
  id: number;
  title: string;
  kind: EventKind;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  place: string;
  status: "scheduled" | "cancelled";
  isSample: boolean;
};

/**
 * Events whose title, place or description hold every word of the text (letters and digits, as
 * the other searches read them), the first `limit` and how many match: those still to end first,
 * soonest first, then past ones, latest first. Cancelled and sample events are found too (the
 * answer marks them); none organised by a member the viewer blocked.
 */
export async function searchEvents(viewer: Viewer, text: string, limit: number, now = new Date()) {
  const words = ftsWords(text);
  if (!words.length) return { events: [] as FoundEvent[], total: 0 };
  const haystack = sql`(${events.title} || ' ' || ${events.place} || ' ' || ${events.description})`;
  const blocked = await blockedIdsOf(viewer.id);
  const conditions: SQL[] = [
    ...words.map((word) => sql`${haystack} LIKE ${likePattern(word)} ESCAPE '\\'`),
    ...(blocked.length ? [notInArray(events.organiserId, blocked)] : []),
  ];
  const db = getDb();
  const where = and(...conditions);
  const upcoming = gt(events.endsAt, now);
  const found = await db
    .select({
      id: events.id,
      title: events.title,
      kind: events.kind,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      place: events.place,
      status: events.status,
      isSample: events.isSample,
    })
    .from(events)
    .where(where)
    .orderBy(desc(upcoming), sql`CASE WHEN ${upcoming} THEN ${events.startsAt} END ASC`, desc(events.startsAt), asc(events.id))
    .limit(limit)
    .all();
  const total =
    (
      await db
        .select({ count: sql<number>`count(*)` })
        .from(events)
        .where(where)
        .get()
    )?.count ?? 0;
  return { events: found as FoundEvent[], total };
}
