import { csvField, guardText } from "~/lib/csv";
import { RSVP_STATUS_LABELS } from "./vocabulary";
import type { AttendeeView } from "./wire";

/**
 * The organiser's attendee list as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a
 * quote, a comma or a line break), header first, in the list's order. A member's name is typed by
 * them: every text cell is defused so it never runs as a formula in the organiser's spreadsheet.
 */
export const ATTENDEE_COLUMNS = ["name", "status", "waiting_position", "answered_at"] as const;

export function attendeesCsv(attendees: AttendeeView[]) {
  const cell = (text: string) => csvField(guardText(text));
  const lines = [
    ATTENDEE_COLUMNS.join(","),
    ...attendees.map((attendee) =>
      [
        cell(attendee.member.username),
        cell(RSVP_STATUS_LABELS[attendee.status]),
        attendee.position === undefined ? "" : String(attendee.position),
        attendee.answered_at,
      ].join(","),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** "attendees-event-12.csv". */
export const attendeesFileName = (eventId: number) => `attendees-event-${eventId}.csv`;
