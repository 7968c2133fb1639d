import { dateFormat } from "./intl";
import { countOf } from "./plural";

/**
 * Dates as members read them, in their own time zone (see time-zone.server.ts). The server and
 * the browser format the same instant in the same zone, so the hydrated page matches.
 */

/** The hour (0 to 23) on the member's clock. */
export function hourIn(at: number | Date, timeZone: string) {
  const hour = dateFormat({ hour: "numeric", hourCycle: "h23", timeZone }).format(at);
  return Number(hour) % 24;
}

/** "Wednesday, November 25, 2026": the member header's full date. */
export function longDate(at: number | Date, timeZone: string) {
  return dateFormat({ weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone }).format(at);
}

/** "November 2026". */
export function monthAndYear(at: number | Date | string, timeZone: string) {
  return dateFormat({ month: "long", year: "numeric", timeZone }).format(new Date(at));
}

/** A calendar date written as YYYY-MM-DD ("2026-11-14" → "November 14, 2026"): the same day everywhere. */
export function calendarDate(isoDay: string) {
  return dateFormat({ month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(isoDay));
}

const UNITS: [unit: string, seconds: number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** How long ago, from the time passed: "1 day ago", "3 hours ago", "just now" under a minute. */
export function elapsedAgo(elapsedMs: number) {
  const seconds = Math.max(0, Math.round(elapsedMs / 1000));
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${countOf(count, unit)} ago`;
  }
  return "just now";
}

/** How long before `now` a moment was, as "x ago". */
export const timeAgo = (at: number | string, now: number) => elapsedAgo(now - new Date(at).getTime());

/** "Nov 25, 2026, 14:05": when something happened, on the member's clock. */
export function dateTime(at: number | Date | string, timeZone: string) {
  return dateFormat({ dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone }).format(new Date(at));
}
