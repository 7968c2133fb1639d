/**
 * The closed sets of values the events' tables hold. The database checks each (CHECK constraints
 * in db/schema/events.ts); app/features/events gives them their labels. Plain values only, so the
 * browser may import them.
 */

/** What kind of gathering an event is. */
export const EVENT_KINDS = ["repair_cafe", "cleanup", "swap", "collection_drive", "workshop", "other"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** An event goes ahead until its organiser cancels it (with a reason); a cancelled one stays readable. */
export const EVENT_STATUSES = ["scheduled", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * A member's answer: going, waiting for a seat (past the capacity, in the order they answered),
 * or not going.
 */
export const RSVP_STATUSES = ["going", "waitlisted", "not_going"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/**
 * The longest an event's title, place and description may be, how far back one may start, and
 * how far ahead it may run: a gathering is planned months ahead, not decades, and times past
 * year 9999 have no ISO 8601 form every reader parses.
 */
export const MAX_EVENT_TITLE_LENGTH = 120;
export const MAX_EVENT_PLACE_LENGTH = 200;
export const MAX_EVENT_DESCRIPTION_LENGTH = 5000;
export const MAX_EVENT_CAPACITY = 10_000;
export const MAX_EVENT_PAST_DAYS = 366;
export const MAX_EVENT_AHEAD_YEARS = 3;
