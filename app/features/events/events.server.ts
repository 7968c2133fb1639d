import { blockedEitherWay } from "~/services/access.server";
import { transaction, type Db } from "~/services/database/db.server";
import { mediaUrl, nameMedia, removeMedia, type AcceptedMedia } from "~/services/media.server";
import { issueErrors, refuse, type FormFailure } from "~/lib/forms";
import { notify } from "~/features/notifications/notify.server";
import type { RsvpStatus } from "../../../db/event-values";
import {
  cancelRefusal,
  canSeeAttendees,
  changeRefusal,
  isNewsForAttendees,
  placeOfAnswer,
  rsvpRefusal,
  seatsToFill,
  timesRefusal,
  type EventFacts,
  type Viewer,
} from "./rules";
import {
  boundInstant,
  cancelEventSchema,
  eventChangeSchema,
  eventSchema,
  readWhen,
  rsvpSchema,
  type EventListQuery,
  type EventValues,
} from "./schemas";
import {
  answerOf,
  answersOf,
  attendeeRows,
  eventById,
  eventPage,
  firstWaiting,
  insertEvent,
  markCancelled,
  membersAnswering,
  seatCounts,
  updateEvent,
  writeAnswer,
  type EventRow,
} from "./store/events.server";
import { eraseMemberEvents, seatsHeldBy } from "./store/members.server";
import { storedResults } from "./store/results.server";
import { eventWhen, isoInZone } from "./times";
import { EVENT_PHOTO_MESSAGES, EVENTS_PAGE_SIZE, NO_SUCH_EVENT } from "./vocabulary";
import type { AttendeeView, EventView, RsvpView } from "./wire";

/**
 * Events: organising one, changing or cancelling it, answering it, and who answered. The rules
 * are rules.ts's; this module reads the facts, applies them in one transaction, and tells those
 * concerned (notifications and their mails are written in the same transaction).
 */

export type EventRefusal = FormFailure<{
  message: string;
  reason: "invalid" | "forbidden" | "not-found" | "conflict" | "unsupported-media";
}>;
export type EventOutcome = { ok: true; message: string; event: EventView } | EventRefusal;

const factsOf = (row: EventRow): EventFacts => ({
  organiserId: row.organiserId,
  status: row.status,
  startsAt: row.startsAt.getTime(),
  endsAt: row.endsAt.getTime(),
  capacity: row.capacity,
  isSample: row.isSample,
});

const valuesOf = (row: EventRow): EventValues => ({
  title: row.title,
  kind: row.kind,
  startsAt: row.startsAt.getTime(),
  endsAt: row.endsAt.getTime(),
  timeZone: row.timeZone,
  place: row.place,
  description: row.description,
  capacity: row.capacity,
});

/** An event as the API answers it, for a viewer (their answer) or for nobody (public pages strip more). */
export function eventView(
  row: EventRow,
  counts: { going: number; waiting: number },
  rsvp: RsvpView | null,
  now: number,
): EventView {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    starts_at: isoInZone(row.startsAt.getTime(), row.timeZone),
    ends_at: isoInZone(row.endsAt.getTime(), row.timeZone),
    time_zone: row.timeZone,
    place: row.place,
    description: row.description,
    capacity: row.capacity,
    status: row.status,
    cancel_reason: row.cancelReason,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    organiser: { id: row.organiserId, username: row.organiserName },
    going_count: counts.going,
    waitlisted_count: counts.waiting,
    seats_left: row.capacity === null ? null : Math.max(0, row.capacity - counts.going),
    photo_url: row.photoFile ? mediaUrl(row.photoFile) : null,
    is_sample: row.isSample,
    has_ended: row.endsAt.getTime() <= now,
    rsvp,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const rsvpView = (answer: { status: RsvpStatus; position: number | null } | null): RsvpView | null =>
  answer && (answer.position === null ? { status: answer.status } : { status: answer.status, position: answer.position });

/** One event as the viewer reads it; null when there is none. */
export async function getEvent(viewer: Viewer, id: number, db?: Db): Promise<EventView | null> {
  const row = await eventById(id, {}, db);
  if (!row) return null;
  const counts = (await seatCounts([id], db)).get(id)!;
  return eventView(row, counts, rsvpView(await answerOf(id, viewer.id, db)), Date.now());
}

/** A page of events for a member, upcoming first (the store's order), each with their answer. */
export async function listEvents(viewer: Viewer, query: EventListQuery) {
  const now = Date.now();
  const { rows, hasMore } = await eventPage(
    { from: boundInstant(query.from, "from"), to: boundInstant(query.to, "to"), kind: query.kind },
    now,
    query.page,
    EVENTS_PAGE_SIZE,
  );
  const ids = rows.map((row) => row.id);
  const counts = await seatCounts(ids);
  const answers = await answersOf(viewer.id, ids);
  return {
    events: rows.map((row) => {
      const status = answers.get(row.id);
      // A list says whether the member waits; their place is on the event's own page.
      return eventView(row, counts.get(row.id)!, status ? { status } : null, now);
    }),
    pagination: { page: query.page, limit: EVENTS_PAGE_SIZE, hasMore },
  };
}

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], fallback: string): EventRefusal {
  const errors = issueErrors(issues);
  return refuse("invalid", Object.values(errors)[0] ?? fallback, errors);
}

/**
 * A member organises an event: its fields, and at most one photo already recognised as an image
 * by its bytes. The transaction that writes the row moves the file into place; a refused or failed
 * event leaves neither.
 */
export async function createEvent(viewer: Viewer, fields: unknown, photos: AcceptedMedia[] = []): Promise<EventOutcome> {
  const parsed = eventSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error.issues, "The event is not valid.");
  const values = parsed.data;
  const timing = timesRefusal(values.startsAt, values.endsAt, Date.now());
  if (timing) return timing;
  if (photos.length > 1) return refuse("invalid", EVENT_PHOTO_MESSAGES.tooMany, { photo: EVENT_PHOTO_MESSAGES.tooMany });
  if (photos.some((photo) => !photo.mimeType.startsWith("image/")))
    return refuse("unsupported-media", EVENT_PHOTO_MESSAGES.notAllowed, { photo: EVENT_PHOTO_MESSAGES.notAllowed });
  const file = photos[0];
  const stored = file ? nameMedia([file])[0]! : null;
  let id: number;
  try {
    id = await transaction((tx) => insertEvent(tx, viewer.id, values, file && stored ? { file, stored } : null));
  } catch (error) {
    if (stored) await removeMedia([stored]);
    throw error;
  }
  return { ok: true, message: "Your event is published.", event: (await getEvent(viewer, id))! };
}

/** The event's sentence of when and where, for a notification's detail. */
const whenAndWhere = (values: EventValues) =>
  `now ${eventWhen(values.startsAt, values.endsAt, values.timeZone)} at ${values.place}`;

/**
 * The organiser changes their event: any of its fields, merged with the stored event and checked
 * whole. A new time or place tells everyone going; a higher capacity moves the waiting list up.
 */
export async function changeEvent(viewer: Viewer, id: number, input: unknown): Promise<EventOutcome> {
  const parsed = eventChangeSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues, "The change is not valid.");
  const change = parsed.data;
  const outcome = await transaction(async (tx): Promise<EventRefusal | null> => {
    const row = await eventById(id, {}, tx);
    if (!row) return refuse("not-found", NO_SUCH_EVENT);
    const refusal = changeRefusal(viewer, factsOf(row));
    if (refusal) return refusal;
    const before = valuesOf(row);
    const timeZone = change.time_zone ?? before.timeZone;
    const startsAt = change.starts_at === undefined ? before.startsAt : readWhen(change.starts_at, timeZone);
    const endsAt = change.ends_at === undefined ? before.endsAt : readWhen(change.ends_at, timeZone);
    const errors: Record<string, string> = {};
    if (startsAt === null) errors.starts_at = "Give the start as a date and time with its offset, like 2026-12-05T10:00:00+00:00";
    if (endsAt === null) errors.ends_at = "Give the end as a date and time with its offset, like 2026-12-05T13:00:00+00:00";
    if (startsAt === null || endsAt === null) return refuse("invalid", Object.values(errors)[0]!, errors);
    const after: EventValues = {
      title: change.title ?? before.title,
      kind: change.kind ?? before.kind,
      startsAt,
      endsAt,
      timeZone,
      place: change.place ?? before.place,
      description: change.description ?? before.description,
      capacity: change.capacity === undefined ? before.capacity : change.capacity,
    };
    // Times left as they were may lie further back than a new event may start: they stand.
    const timesChanged = after.startsAt !== before.startsAt || after.endsAt !== before.endsAt;
    const timing = timesChanged ? timesRefusal(after.startsAt, after.endsAt, Date.now()) : null;
    if (timing) return timing;
    await updateEvent(tx, id, after, Date.now());
    if (isNewsForAttendees(before, after)) {
      for (const recipientId of await membersAnswering(tx, id, ["going"])) {
        await notify(tx, {
          recipientId,
          type: "event_changed",
          actorId: viewer.id,
          subjectType: "event",
          subjectId: id,
          excerpt: after.title,
          detail: whenAndWhere(after),
        });
      }
    }
    await fillFreedSeats(tx, id, after.title, after.capacity, viewer.id);
    return null;
  });
  if (outcome) return outcome;
  return { ok: true, message: "Your event was saved.", event: (await getEvent(viewer, id))! };
}

/**
 * Moves the first waiting up into the seats free now (all of them when there is no limit), in the
 * caller's transaction, and tells each (event_seat_freed). `actorId`: who freed the seat.
 */
async function fillFreedSeats(tx: Db, eventId: number, title: string, capacity: number | null, actorId: number) {
  const counts = (await seatCounts([eventId], tx)).get(eventId)!;
  const moving = await firstWaiting(tx, eventId, seatsToFill({ capacity, ...counts }));
  const now = Date.now();
  for (const memberId of moving) {
    await writeAnswer(tx, eventId, memberId, "going", now);
    await notify(tx, {
      recipientId: memberId,
      type: "event_seat_freed",
      actorId,
      subjectType: "event",
      subjectId: eventId,
      excerpt: title,
    });
  }
}

/**
 * A member's events and answers go with their account, in the erasing transaction; a seat they
 * held frees as when they say not going, so the first waiting move up (told, by the organiser's
 * hand) rather than the next member to answer taking it. Answers the photos' files to remove.
 */
export async function eraseMemberFromEvents(tx: Db, memberId: number): Promise<string[]> {
  const held = await seatsHeldBy(tx, memberId, Date.now());
  const files = await eraseMemberEvents(tx, memberId);
  for (const event of held) await fillFreedSeats(tx, event.id, event.title, event.capacity, event.organiserId);
  return files;
}

/** The organiser cancels their event with a reason: everyone going or waiting is told, in the app and by mail. */
export async function cancelEvent(viewer: Viewer, id: number, input: unknown): Promise<EventOutcome> {
  const parsed = cancelEventSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues, "Say why the event is cancelled.");
  const outcome = await transaction(async (tx): Promise<EventRefusal | null> => {
    const row = await eventById(id, {}, tx);
    if (!row) return refuse("not-found", NO_SUCH_EVENT);
    const refusal = cancelRefusal(viewer, factsOf(row), (await storedResults(id, tx)) !== undefined);
    if (refusal) return refusal;
    await markCancelled(tx, id, parsed.data.reason, Date.now());
    for (const recipientId of await membersAnswering(tx, id, ["going", "waitlisted"])) {
      await notify(tx, {
        recipientId,
        type: "event_cancelled",
        actorId: viewer.id,
        subjectType: "event",
        subjectId: id,
        excerpt: row.title,
        detail: parsed.data.reason,
      });
    }
    return null;
  });
  if (outcome) return outcome;
  return { ok: true, message: "The event is cancelled; everyone going was told.", event: (await getEvent(viewer, id))! };
}

export type RsvpOutcome = { ok: true; message: string; rsvp: RsvpView; event: EventView } | EventRefusal;

const RSVP_MESSAGES: Record<RsvpStatus, string> = {
  going: "You are going.",
  waitlisted: "The event is full: you are on the waiting list, and will be told if a seat frees.",
  not_going: "You are not going.",
};

/**
 * A member answers an event. In one transaction (BEGIN IMMEDIATE: every process takes its turn),
 * so two members answering for the last seat at once never both get it: the second waits. A seat
 * given up moves the first waiting up, who is told.
 */
export async function answerEvent(viewer: Viewer, id: number, input: unknown): Promise<RsvpOutcome> {
  const parsed = rsvpSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues, "Answer going or not_going.");
  const outcome = await transaction(async (tx): Promise<EventRefusal | { ok: true; status: RsvpStatus }> => {
    const row = await eventById(id, {}, tx);
    if (!row) return refuse("not-found", NO_SUCH_EVENT);
    const blocked = await blockedEitherWay(viewer.id, row.organiserId);
    const refusal = rsvpRefusal(viewer, factsOf(row), Date.now(), blocked);
    if (refusal) return refusal;
    const current = await answerOf(id, viewer.id, tx);
    const counts = (await seatCounts([id], tx)).get(id)!;
    const status = placeOfAnswer(parsed.data.status, current?.status ?? null, { capacity: row.capacity, going: counts.going });
    await writeAnswer(tx, id, viewer.id, status, Date.now());
    if (current?.status === "going" && status !== "going") await fillFreedSeats(tx, id, row.title, row.capacity, viewer.id);
    return { ok: true, status };
  });
  if (!outcome.ok) return outcome;
  const event = (await getEvent(viewer, id))!;
  return { ok: true, message: RSVP_MESSAGES[outcome.status], rsvp: event.rsvp!, event };
}

/** Who answered the event, for its organiser: going first, then the waiting list in order, then not going. */
export async function eventAttendees(
  viewer: Viewer,
  id: number,
): Promise<{ ok: true; attendees: AttendeeView[]; event: EventRow } | EventRefusal> {
  const row = await eventById(id);
  if (!row) return refuse("not-found", NO_SUCH_EVENT);
  if (!canSeeAttendees(viewer, row)) return refuse("forbidden", "Only the member who organises this event can see who answered.");
  let waiting = 0;
  const attendees = (await attendeeRows(id)).map((attendee): AttendeeView => {
    const base = {
      member: { id: attendee.memberId, username: attendee.username },
      status: attendee.status,
      answered_at: attendee.answeredAt.toISOString(),
    };
    return attendee.status === "waitlisted" ? { ...base, position: ++waiting } : base;
  });
  return { ok: true, attendees, event: row };
}
