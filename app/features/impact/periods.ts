import { dateFormat } from "~/lib/intl";
import type { DateRange } from "./wire";
import { EARLIEST_ENTRY_DATE, MAX_RANGE_DAYS, PERIODS, type Period } from "./vocabulary";

/** The last day a range may reach. */
const LATEST_RANGE_DATE = "2999-12-31";

/**
 * Calendar days as the ledger counts them: YYYY-MM-DD strings, compared as text, walked in UTC so
 * no clock change moves a day. "Today" is the member's day, in their time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()) {
  const parts = dateFormat({ year: "numeric", month: "2-digit", day: "2-digit", timeZone }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The latest day anywhere on Earth (UTC+14): no member's "today" is later, so a later date is in the future for all. */
export const latestToday = (now: Date = new Date()) => new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string) {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const isPeriod = (value: number): value is Period => (PERIODS as readonly number[]).includes(value);

/** The last `days` days up to today, today included. */
export const lastDays = (days: number, today: string): DateRange => ({ from: addDays(today, 1 - days), to: today, days });

/** The same number of days just before the range: what its figures are compared with. */
export const previousOf = (range: DateRange): DateRange => ({
  from: addDays(range.from, -range.days),
  to: addDays(range.from, -1),
  days: range.days,
});

/**
 * A range asked for as `period` (7, 30 or 90 days up to today) or `from` and `to` (both days
 * counted), or the refusal to show. No `period`, `from` or `to` is the default period.
 */
export function rangeOf(
  query: { period?: string | null; from?: string | null; to?: string | null },
  today: string,
  defaultPeriod: Period = 30,
): { ok: true; range: DateRange; period: Period | null } | { ok: false; message: string } {
  const { period, from, to } = query;
  if (from || to) {
    if (!from || !to) return { ok: false, message: "Give both a start date and an end date." };
    if (!isCalendarDay(from) || !isCalendarDay(to)) return { ok: false, message: "Dates are written as YYYY-MM-DD." };
    // No entry is older than EARLIEST_ENTRY_DATE; the upper bound keeps the previous range's arithmetic on four-digit years.
    if (from < EARLIEST_ENTRY_DATE || to > LATEST_RANGE_DATE) {
      return { ok: false, message: `Dates go from ${EARLIEST_ENTRY_DATE} to ${LATEST_RANGE_DATE}.` };
    }
    if (from > to) return { ok: false, message: "The start date must not be after the end date." };
    const days = daysIn(from, to);
    if (days > MAX_RANGE_DAYS)
      return { ok: false, message: `A range can cover at most ${MAX_RANGE_DAYS.toLocaleString("en-US")} days.` };
    return { ok: true, range: { from, to, days }, period: null };
  }
  if (period === undefined || period === null || period === "")
    return { ok: true, range: lastDays(defaultPeriod, today), period: defaultPeriod };
  const days = Number(period);
  if (!/^\d+$/.test(period) || !isPeriod(days)) return { ok: false, message: `The period is one of ${PERIODS.join(", ")} days.` };
  return { ok: true, range: lastDays(days, today), period: days };
}

/** The trend's bars: one a day up to 31 days, else one a week counted from the range's first day (the last may be shorter). */
export function bucketsOf(range: DateRange): { bucket: "day" | "week"; step: 1 | 7; buckets: { from: string; to: string }[] } {
  const step = range.days <= 31 ? 1 : 7;
  const buckets: { from: string; to: string }[] = [];
  for (let start = 0; start < range.days; start += step) {
    const from = addDays(range.from, start);
    const last = addDays(range.from, Math.min(start + step, range.days) - 1);
    buckets.push({ from, to: last });
  }
  return { bucket: step === 1 ? "day" : "week", step, buckets };
}
