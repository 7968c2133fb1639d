import { z } from "~/lib/zod";
import { EVENT_KINDS, EVENT_STATUSES, RSVP_STATUSES } from "../../../db/event-values";

/**
 * What the events' API answers, as schemas: the OpenAPI document is built from these, and the
 * integration tests check every answer against them. wire.ts has the same shapes as types.
 */

const time = z.string().describe("ISO 8601 with the offset of the event's time zone");

export const rsvpViewSchema = z.object({
  status: z.enum(RSVP_STATUSES),
  position: z.number().int().optional().describe("Place in the waiting list while waitlisted (1 is next)"),
});

export const eventViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  starts_at: time,
  ends_at: time,
  time_zone: z.string().describe("IANA time zone the times are shown in"),
  place: z.string(),
  description: z.string(),
  capacity: z.number().int().nullable().describe("Seats; null for no limit"),
  status: z.enum(EVENT_STATUSES),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable().describe("ISO 8601"),
  organiser: z.object({ id: z.number().int(), username: z.string() }),
  going_count: z.number().int(),
  waitlisted_count: z.number().int(),
  seats_left: z.number().int().nullable().describe("Seats not taken; null for no limit"),
  photo_url: z.string().nullable(),
  is_sample: z.boolean().describe("Seeded sample content"),
  has_ended: z.boolean(),
  rsvp: rsvpViewSchema.nullable().describe("The caller's answer, null when they have not answered"),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
});

export const eventAnswer = z.object({ event: eventViewSchema });

export const eventListAnswer = z.object({
  events: z.array(eventViewSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
});

export const rsvpAnswer = z.object({ rsvp: rsvpViewSchema, event: eventViewSchema });

export const attendeeViewSchema = z.object({
  member: z.object({ id: z.number().int(), username: z.string() }),
  status: z.enum(RSVP_STATUSES),
  position: z.number().int().optional().describe("Place in the waiting list while waitlisted"),
  answered_at: z.string().describe("ISO 8601: when they last changed their answer"),
});

export const attendeesAnswer = z.object({ attendees: z.array(attendeeViewSchema) });
