/** Events members organise (repair cafés, clean-ups, swaps, collection drives, workshops) and who goes. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EVENT_KINDS, EVENT_STATUSES, RSVP_STATUSES } from "../event-values";
import { createdAt, oneOf, storedFile } from "./columns";
import { users } from "./members";

/**
 * An event: `starts_at`/`ends_at` are instants (ms since the epoch); `time_zone` is the IANA zone
 * the organiser gave them in, so pages, reminders and calendar files show the organiser's local
 * time. `capacity` null means no limit. A cancelled event keeps its row and its answers, with
 * the reason. `reminded_at` is set when the day-before reminder went out, so it goes once.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    timeZone: text("time_zone").notNull(),
    place: text("place").notNull(),
    description: text("description").notNull().default(""),
    capacity: integer("capacity"),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("scheduled"),
    cancelReason: text("cancel_reason"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    /** Seeded sample content, marked wherever it shows and left out with SEED=0. */
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    index("events_starts_idx").on(table.startsAt, table.id),
    index("events_organiser_idx").on(table.organiserId, table.startsAt),
    index("events_kind_starts_idx").on(table.kind, table.startsAt),
    oneOf("events_kind_check", table.kind, EVENT_KINDS),
    oneOf("events_status_check", table.status, EVENT_STATUSES),
    check("events_times_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("events_capacity_check", sql`${table.capacity} is null or ${table.capacity} > 0`),
    check("events_cancel_check", sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`),
  ],
);

/** An event's one optional photo, a file in the media store like a listing's photos. */
export const eventPhotos = sqliteTable("event_photos", {
  eventId: integer("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  ...storedFile(),
});

/**
 * A member's answer to an event. `answered_at` orders the waiting list (first come, first
 * served) and is what the organiser's list shows; it changes only when the status does.
 */
export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: RSVP_STATUSES }).notNull(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.memberId] }),
    index("event_rsvps_event_status_idx").on(table.eventId, table.status, table.answeredAt),
    index("event_rsvps_member_idx").on(table.memberId, table.status),
    oneOf("event_rsvps_status_check", table.status, RSVP_STATUSES),
  ],
);

/**
 * A member's personal calendar feed of the events they go to, at a secret address: the token is
 * random and replaced when the member resets it, which ends the old address.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("calendar_feeds_token_idx").on(table.token)],
);
