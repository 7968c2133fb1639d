import { timeZoneLines, wallClockText } from "./time-zone-rules";

/**
 * Calendar files (RFC 5545, iCalendar): one event's file and a member's feed are both a
 * VCALENDAR of VEVENTs, each at its organiser's wall-clock time with the zone's rules given as a
 * VTIMEZONE, so a calendar program shows it right wherever its reader is. Pure: the rows and the
 * addresses come in, the text goes out.
 */

/** An event as a calendar file states it. */
export type CalendarEvent = {
  /** Stable across changes, so a calendar program updates its copy rather than adding another. */
  uid: string;
  /** Grows with each change, so the newer copy wins. */
  sequence: number;
  /** When this revision was written (DTSTAMP, LAST-MODIFIED). */
  revisedAt: Date;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  /** The IANA zone the organiser gave the times in. */
  timeZone: string;
  title: string;
  place: string;
  description: string;
  url: string;
  cancelled: boolean;
};

export const PRODUCT_ID = "-//Circular Hub//Events//EN";
/** The longest line in octets, its CRLF left out (RFC 5545, 3.1). */
const LINE_OCTETS = 75;

/**
 * TEXT as RFC 5545 escapes it: backslash, semicolon and comma get a backslash, a line break is
 * written \n; other control characters are not allowed in TEXT, so they are left out.
 */
export function escapeText(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, "\\n")
    .split("")
    .filter((character) => !isControl(character.charCodeAt(0)))
    .join("");
}

/** A control character TEXT may not hold (a tab may stay; line breaks are escaped before). */
const isControl = (code: number) => (code < 0x20 && code !== 0x09) || code === 0x7f;

const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A content line folded at 75 octets: each continuation starts with a space, and a cut never
 * falls inside a character's UTF-8 bytes (nor between a surrogate pair's halves).
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!);
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const room = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > room) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

const utcText = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, "") + "Z";

function eventLines(event: CalendarEvent): string[] {
  const zone = `TZID=${event.timeZone}`;
  const description = event.cancelled ? `Cancelled. ${event.description}`.trim() : event.description;
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcText(event.revisedAt)}`,
    `CREATED:${utcText(event.createdAt)}`,
    `LAST-MODIFIED:${utcText(event.revisedAt)}`,
    `DTSTART;${zone}:${wallClockText(event.startsAt.getTime(), event.timeZone)}`,
    `DTEND;${zone}:${wallClockText(event.endsAt.getTime(), event.timeZone)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.place)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    // A URI, not TEXT: it is not escaped, and the addresses are the app's own.
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/**
 * A whole calendar file: the events (a feed may have none) with one VTIMEZONE for each zone they
 * use, CRLF line ends and folded lines. `name` titles a feed in the programs that show one.
 */
export function calendarFile({ events, name }: { events: readonly CalendarEvent[]; name?: string }): string {
  const lines = ["BEGIN:VCALENDAR", `PRODID:${PRODUCT_ID}`, "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (name) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  const zones = new Map<string, number[]>();
  for (const event of events) {
    zones.set(event.timeZone, [...(zones.get(event.timeZone) ?? []), event.startsAt.getTime(), event.endsAt.getTime()]);
  }
  for (const [zone, instants] of zones) lines.push(...timeZoneLines(zone, instants));
  for (const event of events) lines.push(...eventLines(event));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
