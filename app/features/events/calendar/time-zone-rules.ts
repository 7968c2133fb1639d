import { dateFormat } from "~/lib/intl";

/**
 * A time zone's rules as a calendar file states them (an RFC 5545 VTIMEZONE), read from the
 * runtime's own time zone data through Intl: each change of UTC offset in the years the events
 * span, written as one observance with its onset. Explicit onsets rather than recurrence rules,
 * since Intl answers offsets, not rules, and a rule guessed from two onsets would be wrong for a
 * zone whose law changes; calendar programs read either.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** One change of offset: its instant, and the offsets (in minutes east of UTC) before and after. */
export type OffsetChange = { at: number; from: number; to: number };

/** The zone's offset from UTC at an instant, in minutes ("GMT+05:45" → 345). */
export function offsetAt(at: number, timeZone: string): number {
  const name = dateFormat({ timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? "");
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * The changes of offset from the start of `fromYear` to the end of `toYear` (UTC years). A day's
 * steps find each change (no zone changes twice within a day), and halving finds its minute.
 */
export function offsetChanges(timeZone: string, fromYear: number, toYear: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  let at = Date.UTC(fromYear, 0, 1);
  let offset = offsetAt(at, timeZone);
  while (at < end) {
    const next = Math.min(at + DAY_MS, end);
    const nextOffset = offsetAt(next, timeZone);
    if (nextOffset !== offset) {
      let low = at;
      let high = next;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / MINUTE_MS / 2) * MINUTE_MS;
        if (offsetAt(middle, timeZone) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: high, from: offset, to: nextOffset });
    }
    at = next;
    offset = nextOffset;
  }
  return changes;
}

/** An offset as RFC 5545 writes it: +0100, -0330. */
export function utcOffsetText(minutes: number) {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, "0")}${String(whole % 60).padStart(2, "0")}`;
}

/** An instant as the floating local date-time RFC 5545 writes (20261128T100000), at a fixed offset. */
export function localDateTimeText(at: number, offsetMinutes: number) {
  return new Date(at + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19).replace(/[-:]/g, "");
}

/** An instant as the zone's wall clock shows it, in RFC 5545's form (20261128T100000). */
export const wallClockText = (at: number, timeZone: string) => localDateTimeText(at, offsetAt(at, timeZone));

/** Zones' changes by year, kept: a zone's rules do not change while the server runs. */
const MAX_KEPT_YEARS = 1_000;
const keptYears = new Map<string, OffsetChange[]>();

/** The zone's changes in one UTC year, computed once (about 7 ms) and then kept. */
function changesInYear(timeZone: string, year: number): OffsetChange[] {
  const key = `${timeZone} ${year}`;
  let changes = keptYears.get(key);
  if (!changes) {
    if (keptYears.size >= MAX_KEPT_YEARS) keptYears.clear();
    changes = offsetChanges(timeZone, year, year);
    keptYears.set(key, changes);
  }
  return changes;
}

/**
 * The VTIMEZONE's lines (unfolded) for the zone over the years the instants fall in, each with the
 * year before it, so the offset in force at an instant has its onset. Only those years are read,
 * however far apart they are; a pair of years without a change gets an onset at its start with
 * the offset then, since the last change may lie in a year not read. A zone that did not change
 * at all in them gets one observance from 1970.
 */
export function timeZoneLines(timeZone: string, instants: readonly number[]): string[] {
  const instantYears = [...new Set(instants.map((at) => new Date(at).getUTCFullYear()))].sort((a, b) => a - b);
  const readYears = [...new Set(instantYears.flatMap((year) => [year - 1, year]))].sort((a, b) => a - b);
  const changes = readYears.flatMap((year) => changesInYear(timeZone, year));
  const anchors = instantYears
    .filter((year) => !changesInYear(timeZone, year - 1).length && !changesInYear(timeZone, year).length)
    .map((year) => {
      const at = Date.UTC(year - 1, 0, 1);
      const offset = offsetAt(at, timeZone);
      return { at, from: offset, to: offset, anchor: true };
    });
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (!changes.length && new Set(anchors.map((anchor) => anchor.to)).size === 1) {
    const offset = utcOffsetText(anchors[0]!.to);
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, "END:STANDARD");
    lines.push("END:VTIMEZONE");
    return lines;
  }
  const onsets: (OffsetChange & { anchor?: boolean })[] = [...changes, ...anchors].sort((a, b) => a.at - b.at);
  // Standard time is the lowest offset a change moves between; a change to a higher one starts
  // daylight time. An onset that changes nothing is the standard time of its years.
  const standard = Math.min(...changes.flatMap((change) => [change.from, change.to]));
  for (const change of onsets) {
    const kind = !change.anchor && change.to > standard ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localDateTimeText(change.at, change.from)}`,
      `TZOFFSETFROM:${utcOffsetText(change.from)}`,
      `TZOFFSETTO:${utcOffsetText(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
