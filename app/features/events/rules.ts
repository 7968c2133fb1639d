import { refuse } from "~/lib/forms";
import { MAX_EVENT_AHEAD_YEARS, MAX_EVENT_PAST_DAYS, type EventStatus, type RsvpStatus } from "../../../db/event-values";

/**
 * Who may do what with an event, and how its seats move: the one module that decides. Plain
 * functions of the facts (the event, the viewer, the clock), so they are tested without a server.
 *
 * - Every member reads every event; visitors read the public ones (public-events.server.ts).
 * - Only the organiser changes or cancels an event, and reads who answered (names, when, status):
 *   the list says who will be where and when, which is the organiser's to know, not every member's.
 * - The organiser is the host: they do not answer their own event and take no seat from the capacity.
 * - Seats go in the order members said they are going: past the capacity a member waits, and the
 *   waiting list moves up in that order when a seat frees (someone going says not going, or the
 *   capacity rises). A capacity lowered below those going takes no seat back: new answers wait.
 */

export type EventFacts = {
  organiserId: number;
  status: EventStatus;
  startsAt: number;
  endsAt: number;
  capacity: number | null;
  isSample: boolean;
};

export type Viewer = { id: number };

const DAY_MS = 86_400_000;

export const canChangeEvent = (viewer: Viewer, event: Pick<EventFacts, "organiserId">) => viewer.id === event.organiserId;

/** The attendee list (and its CSV) is the organiser's only; anyone else is told the event is not theirs (403). */
export const canSeeAttendees = canChangeEvent;

/** Why the organiser may not change or cancel the event now; null when they may. */
export function changeRefusal(viewer: Viewer, event: EventFacts) {
  if (!canChangeEvent(viewer, event)) return refuse("forbidden", "Only the member who organises this event can change it.");
  if (event.isSample) return refuse("conflict", "This is a sample event: it cannot be changed.");
  if (event.status === "cancelled") return refuse("conflict", "This event was cancelled: it cannot be changed.");
  return null;
}

/**
 * Why the organiser may not cancel the event now; null when they may. Once its results are
 * recorded it took place: cancelled, its weights would stay in the ledger with no way to correct
 * them (a cancelled event takes no results), and those who went would be told it is off.
 */
export function cancelRefusal(viewer: Viewer, event: EventFacts, hasResults: boolean) {
  const refusal = changeRefusal(viewer, event);
  if (refusal) return refusal;
  if (hasResults) return refuse("conflict", "This event's results are recorded: it took place, so it cannot be cancelled.");
  return null;
}

/**
 * Why the times do not fit: the end not after the start, a start more than MAX_EVENT_PAST_DAYS
 * back, or a start or an end more than MAX_EVENT_AHEAD_YEARS ahead.
 */
export function timesRefusal(startsAt: number, endsAt: number, now: number) {
  if (endsAt <= startsAt) {
    const message = "The event must end after it starts";
    return refuse("invalid", message, { ends_at: message });
  }
  if (startsAt < now - MAX_EVENT_PAST_DAYS * DAY_MS) {
    const message = `The start can be at most ${MAX_EVENT_PAST_DAYS} days in the past`;
    return refuse("invalid", message, { starts_at: message });
  }
  const horizon = now + MAX_EVENT_AHEAD_YEARS * 366 * DAY_MS;
  if (startsAt > horizon || endsAt > horizon) {
    const field = startsAt > horizon ? "starts_at" : "ends_at";
    const message = `The event must ${field === "starts_at" ? "start" : "end"} at most ${MAX_EVENT_AHEAD_YEARS} years from now`;
    return refuse("invalid", message, { [field]: message });
  }
  return null;
}

/**
 * Why the viewer may not answer the event now; null when they may. `blocked`: the viewer and the
 * organiser blocked one another (either way), so nothing passes between them, an answer included.
 */
export function rsvpRefusal(viewer: Viewer, event: EventFacts, now: number, blocked = false) {
  if (event.isSample) return refuse("conflict", "This is a sample event: it shows how events look, and takes no answers.");
  if (event.status === "cancelled") return refuse("conflict", "This event was cancelled: it takes no more answers.");
  if (event.endsAt <= now) return refuse("conflict", "This event has ended: it takes no more answers.");
  if (viewer.id === event.organiserId)
    return refuse("conflict", "You organise this event: as its host you need not answer, and you take no seat.");
  if (blocked) return refuse("forbidden", "You cannot answer this member's events.");
  return null;
}

/**
 * Where an answer puts the member: "not going" is always that; "going" keeps a seat already held,
 * keeps a place already waited for (the list is first come, first served, and answering again does
 * not jump it), and otherwise takes a seat while one is free, else waits.
 */
export function placeOfAnswer(
  answer: "going" | "not_going",
  current: RsvpStatus | null,
  event: { capacity: number | null; going: number },
): RsvpStatus {
  if (answer === "not_going") return "not_going";
  if (current === "going" || current === "waitlisted") return current;
  return event.capacity === null || event.going < event.capacity ? "going" : "waitlisted";
}

/** How many of those waiting move up: the seats free now, or all of them when there is no limit. */
export function seatsToFill(event: { capacity: number | null; going: number; waiting: number }) {
  if (event.capacity === null) return event.waiting;
  return Math.max(0, Math.min(event.waiting, event.capacity - event.going));
}

/** Whether a change is one those going must hear of: the time, the zone it is read in, or the place. */
export function isNewsForAttendees(
  before: { startsAt: number; endsAt: number; timeZone: string; place: string },
  after: { startsAt: number; endsAt: number; timeZone: string; place: string },
) {
  return (
    before.startsAt !== after.startsAt ||
    before.endsAt !== after.endsAt ||
    before.timeZone !== after.timeZone ||
    before.place !== after.place
  );
}

/** An event that has not ended is upcoming (one under way still is); lists show those first. */
export const isUpcoming = (event: Pick<EventFacts, "endsAt">, now: number) => event.endsAt > now;
