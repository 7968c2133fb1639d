import { dateFormat } from "~/lib/intl";

/** How far ahead an event's reminder goes out: a day before it starts. */
export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The next hourly run: the start of the next hour (UTC). */
export function nextReminderRun(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
}

/**
 * When and where, as the reminder says it after "is tomorrow": the organiser's wall clock with
 * its zone named, since members' own zones are known only to their browsers.
 */
export function reminderDetail(event: { startsAt: Date; timeZone: string; place: string }): string {
  const when = dateFormat({
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: event.timeZone,
  }).format(event.startsAt);
  return `${when} (${event.timeZone.replace(/_/g, " ")}) at ${event.place}`;
}
