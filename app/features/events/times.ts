import { dateFormat } from "~/lib/intl";

/**
 * An event's times: instants (ms since the epoch) shown on the clock of the zone the organiser
 * gave (an IANA name), whoever reads them and wherever, so "10:00" is 10:00 where it happens.
 * Plain, so the browser formats them as the server did.
 */

/** A name Intl knows as a time zone ("Europe/London"); the pattern keeps junk away from Intl. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An instant written with its offset ("2026-12-05T10:00:00+01:00", or Z), as the API takes it. */
const INSTANT_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of an ISO 8601 time with its offset, or null (no offset, or no such time). */
export function instantOf(text: string): number | null {
  if (!INSTANT_WITH_OFFSET.test(text)) return null;
  // Date.parse rolls 30 February over into March: the date and time must exist as written.
  const [y, mo, d] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const [h, mi, sec = 0] = text
    .slice(11, 19)
    .split(":")
    .map((part) => Number.parseInt(part, 10)) as [number, number, number?];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate() || h > 23 || mi > 59 || sec > 59) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : null;
}

/** The zone's clock at an instant, as the parts of a date and time. */
function wallParts(at: number, timeZone: string) {
  const parts = dateFormat({
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour") % 24,
    minute: part("minute"),
    second: part("second"),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string) {
  const p = wallParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

// A browser may add seconds (a field with a step under a minute).
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a form's date and time ("2026-12-05T10:00", a datetime-local field) names on the
 * zone's clock; null when it is not such a text. A time the clock skips (a spring-forward hour)
 * lands an hour on; one it passes twice is the second (once the clocks went back).
 */
export function wallTimeToInstant(text: string, timeZone: string): number | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [y, mo, d, h, mi, sec] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, sec);
  if (new Date(asUtc).getUTCDate() !== d) return null;
  // Two rounds settle on the offset in force at the instant itself.
  let at = asUtc - offsetAt(asUtc, timeZone);
  at = asUtc - offsetAt(at, timeZone);
  return at;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The zone's clock at an instant as a form's date and time ("2026-12-05T10:00"). */
export function instantToWallTime(at: number, timeZone: string) {
  const p = wallParts(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The day an instant falls on in a zone ("2026-12-05"). */
export function dayIn(at: number, timeZone: string) {
  return instantToWallTime(at, timeZone).slice(0, 10);
}

/** An instant with the zone's offset written out ("2026-12-05T10:00:00+01:00"), as the API answers. */
export function isoInZone(at: number, timeZone: string) {
  const offset = Math.round(offsetAt(at, timeZone) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${instantToWallTime(at, timeZone)}:${pad(new Date(at).getUTCSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * When an event is, on its zone's clock with the zone named: "Saturday, December 5, 2026, 10:00 –
 * 13:00 (Europe/London, GMT)"; an event over several days names both days.
 */
export function eventWhen(startsAt: number, endsAt: number, timeZone: string) {
  const day = dateFormat({ weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone });
  const time = dateFormat({ hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  const zoneName =
    dateFormat({ timeZone, timeZoneName: "short" })
      .formatToParts(startsAt)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  const named =
    zoneName && zoneName !== timeZone ? `${timeZone.replaceAll("_", " ")}, ${zoneName}` : timeZone.replaceAll("_", " ");
  const sameDay = dayIn(startsAt, timeZone) === dayIn(endsAt, timeZone);
  const span = sameDay
    ? `${day.format(startsAt)}, ${time.format(startsAt)} – ${time.format(endsAt)}`
    : `${day.format(startsAt)}, ${time.format(startsAt)} – ${day.format(endsAt)}, ${time.format(endsAt)}`;
  return `${span} (${named})`;
}

/** "Dec 5, 10:00": an event's start in a list, on its zone's clock. */
export function shortStart(startsAt: number, timeZone: string) {
  return dateFormat({
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(startsAt);
}

/** A month written as YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before or after one ("2026-12" → "2027-01"). */
export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
}

/**
 * A month's calendar as weeks from Monday: each day as YYYY-MM-DD and whether it is in the month
 * (the days before and after fill the first and last weeks).
 */
export function monthWeeks(month: string): { day: string; inMonth: boolean }[][] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = Date.UTC(y, m - 1, 1);
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: { day: string; inMonth: boolean }[][] = [];
  for (let index = 0; index < cells; index++) {
    const at = new Date(first + (index - lead) * 86_400_000);
    const day = at.toISOString().slice(0, 10);
    if (index % 7 === 0) weeks.push([]);
    weeks.at(-1)!.push({ day, inMonth: at.getUTCMonth() === m - 1 });
  }
  return weeks;
}
