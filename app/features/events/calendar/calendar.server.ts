import { createHash, randomBytes } from "node:crypto";
import { getEnv } from "~/services/env.server";
import { calendarEventRow, feedByToken, feedTokenOf, replaceFeedToken, type CalendarRow } from "../store/calendar.server";
import { calendarFile, type CalendarEvent } from "./ics";

/**
 * An event's calendar file, and a member's feed of the events they go to at a secret address
 * (docs/decisions/051-event-calendars-and-reminders.md). The address's token is 32 random bytes:
 * knowing it is the only key, so it is never logged, and a reset replaces it at once.
 */

/** A feed token as written: 32 bytes in base64url, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString("base64url");

/** A calendar file's answer: its text, a strong ETag of it, and a name to save it under. */
export type CalendarDownload = { body: string; etag: string; fileName: string };

function asCalendarEvent(row: CalendarRow, appUrl: string): CalendarEvent {
  const revisedAt = new Date(Math.max(row.updatedAt.getTime(), row.cancelledAt?.getTime() ?? 0));
  return {
    uid: `event-${row.id}@${new URL(appUrl).host}`,
    // Seconds since it was created, at its last change: grows with every change and starts at 0.
    sequence: Math.max(0, Math.floor((revisedAt.getTime() - row.createdAt.getTime()) / 1000)),
    revisedAt,
    createdAt: row.createdAt,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    title: row.title,
    place: row.place,
    description: [row.status === "cancelled" && row.cancelReason ? `Reason: ${row.cancelReason}` : "", row.description]
      .filter(Boolean)
      .join("\n\n"),
    url: `${appUrl}/events/${row.id}`,
    cancelled: row.status === "cancelled",
  };
}

/** A file name safe in any header and file system: the title's ASCII letters and digits, then the id. */
export function calendarFileName(id: number, title: string) {
  const words = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words ? `${words}-` : "event-"}${id}.ics`;
}

const download = (body: string, fileName: string): CalendarDownload => ({
  body,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  fileName,
});

/** One event's calendar file, or null when it is not one anyone may have (a sample, a missing one). */
export async function eventCalendar(id: number): Promise<CalendarDownload | null> {
  const row = await calendarEventRow(id);
  if (!row) return null;
  const { appUrl } = getEnv();
  return download(calendarFile({ events: [asCalendarEvent(row, appUrl)] }), calendarFileName(row.id, row.title));
}

/** The feed at a secret address, or null for any token that is no feed's (nothing says which). */
export async function memberFeed(token: string): Promise<CalendarDownload | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const feed = await feedByToken(token);
  if (!feed) return null;
  const { appUrl } = getEnv();
  const body = calendarFile({
    events: feed.events.map((row) => asCalendarEvent(row, appUrl)),
    name: "Circular Hub: events I go to",
  });
  return download(body, "circular-hub-events.ics");
}

const feedUrl = (token: string) => `${getEnv().appUrl}/calendar/${token}.ics`;

/** The member's feed address, made on their first ask. */
export async function calendarFeedAddress(memberId: number): Promise<{ url: string }> {
  return { url: feedUrl(await feedTokenOf(memberId, newToken())) };
}

/** A new feed address for the member; the old one answers 404 from now on. */
export async function resetCalendarFeedAddress(memberId: number): Promise<{ url: string }> {
  const token = newToken();
  await replaceFeedToken(memberId, token);
  return { url: feedUrl(token) };
}
