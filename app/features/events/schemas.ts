import { z } from "~/lib/zod";
import { numberField } from "~/lib/numbers";
import { hasHiddenControls, HIDDEN_CONTROLS_MESSAGE, oneLineText } from "~/lib/text";
import {
  EVENT_KINDS,
  MAX_EVENT_CAPACITY,
  MAX_EVENT_DESCRIPTION_LENGTH,
  MAX_EVENT_PLACE_LENGTH,
  MAX_EVENT_TITLE_LENGTH,
} from "../../../db/event-values";
import { instantOf, isTimeZone, MONTH_PATTERN, wallTimeToInstant } from "./times";
import { EVENTS_PAGE_SIZE } from "./vocabulary";

/**
 * What an event is sent as: POST /api/events and PATCH /api/events/:id (JSON), and the new and edit
 * pages' forms. Times are ISO 8601 with an offset; a form's date and time without one (a
 * datetime-local field) is read on the clock of `time_zone`. Whether the times fit (the end after
 * the start, the start at most MAX_EVENT_PAST_DAYS back) is rules.ts's, since it needs the clock.
 */

const TIME_ZONE_MESSAGE = "Choose a time zone by its name, like Europe/London";
const timeZone = z.string({ error: TIME_ZONE_MESSAGE }).trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

const when = (label: "start" | "end") =>
  z
    .string({ error: `Give the ${label} as a date and time` })
    .trim()
    .min(1, `Give the ${label} as a date and time`)
    .max(40, `Give the ${label} as a date and time with its offset, like 2026-12-05T10:00:00+00:00`);

const capacity = numberField("Give the capacity as a whole number")
  .refine((value) => Number.isInteger(value) && value >= 1, "The capacity must be a whole number of at least 1")
  .refine((value) => value <= MAX_EVENT_CAPACITY, `The capacity must be at most ${MAX_EVENT_CAPACITY.toLocaleString("en-US")}`);

const description = z
  .string({ error: "Write the description as text" })
  .trim()
  .max(MAX_EVENT_DESCRIPTION_LENGTH, `The description must be at most ${MAX_EVENT_DESCRIPTION_LENGTH} characters`)
  .refine((text) => !hasHiddenControls(text), HIDDEN_CONTROLS_MESSAGE);

/** A blank form field is absent. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

export const eventFields = {
  title: oneLineText("The title", MAX_EVENT_TITLE_LENGTH),
  kind: z.enum(EVENT_KINDS, { error: "Choose the kind of event" }),
  starts_at: when("start"),
  ends_at: when("end"),
  time_zone: timeZone,
  place: oneLineText("The place", MAX_EVENT_PLACE_LENGTH),
  description: description.optional(),
  // null (JSON) or blank (a form): no limit.
  capacity: blankIsAbsent(capacity.nullable().optional()),
};

/** An instant from an API time with its offset, or a form's local date and time in the zone. */
export function readWhen(text: string, zone: string): number | null {
  return instantOf(text) ?? (isTimeZone(zone) ? wallTimeToInstant(text, zone) : null);
}

const WHEN_MESSAGE = {
  starts_at: "Give the start as a date and time with its offset, like 2026-12-05T10:00:00+00:00",
  ends_at: "Give the end as a date and time with its offset, like 2026-12-05T13:00:00+00:00",
} as const;

/** An event's fields as the domain keeps them: times as instants. */
export type EventValues = {
  title: string;
  kind: (typeof EVENT_KINDS)[number];
  startsAt: number;
  endsAt: number;
  timeZone: string;
  place: string;
  description: string;
  capacity: number | null;
};

/** A new event. */
export const eventSchema = z.object(eventFields).transform((input, context): EventValues => {
  const startsAt = readWhen(input.starts_at, input.time_zone);
  const endsAt = readWhen(input.ends_at, input.time_zone);
  if (startsAt === null) context.addIssue({ code: "custom", path: ["starts_at"], message: WHEN_MESSAGE.starts_at });
  if (endsAt === null) context.addIssue({ code: "custom", path: ["ends_at"], message: WHEN_MESSAGE.ends_at });
  return {
    title: input.title,
    kind: input.kind,
    startsAt: startsAt ?? 0,
    endsAt: endsAt ?? 0,
    timeZone: input.time_zone,
    place: input.place,
    description: input.description ?? "",
    capacity: input.capacity ?? null,
  };
});
export type EventInput = z.input<typeof eventSchema>;

/**
 * A change by the organiser: any of the fields; `capacity: null` takes the limit away. The times
 * are read in the zone sent with them, else the event's own (events.server merges them).
 */
export const eventChangeSchema = z
  .object({
    title: eventFields.title.optional(),
    kind: eventFields.kind.optional(),
    starts_at: eventFields.starts_at.optional(),
    ends_at: eventFields.ends_at.optional(),
    time_zone: timeZone.optional(),
    place: eventFields.place.optional(),
    description: description.optional(),
    capacity: blankIsAbsent(capacity.nullable().optional()),
  })
  .strict();
export type EventChange = z.output<typeof eventChangeSchema>;

export const MAX_CANCEL_REASON_LENGTH = 500;

/** POST /api/events/:id/cancel: the reason everyone going or waiting is told. */
export const cancelEventSchema = z.object({
  reason: z
    .string({ error: "Say why the event is cancelled" })
    .trim()
    .min(1, "Say why the event is cancelled")
    .max(MAX_CANCEL_REASON_LENGTH, `The reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`)
    .refine((text) => !hasHiddenControls(text), HIDDEN_CONTROLS_MESSAGE),
});

/** PUT /api/events/:id/rsvp: the member's answer; whether they get a seat or wait is the server's. */
export const rsvpSchema = z.object({
  status: z.enum(["going", "not_going"], { error: "Answer going or not_going" }),
});
export type RsvpAnswer = z.output<typeof rsvpSchema>["status"];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A `from`/`to` bound: a day (YYYY-MM-DD, a UTC day) or an instant with its offset. */
const bound = (name: string) =>
  z
    .string()
    .max(40)
    // instantOf, not Date.parse, which rolls 30 February over into March.
    .refine((text) => (DAY.test(text) ? instantOf(`${text}T00:00:00Z`) : instantOf(text)) !== null, {
      message: `Give ${name} as a day (2026-12-05) or a time with its offset`,
    })
    .optional();

/** GET /api/events and the events page: `from`/`to` bound the start; upcoming first. */
export const eventListSchema = z
  .object({
    from: bound("from"),
    to: bound("to"),
    kind: z.enum(EVENT_KINDS, { error: "Unknown kind of event" }).optional(),
    page: z.coerce
      .number({ error: "The page must be a whole number from 1" })
      .int("The page must be a whole number from 1")
      .min(1, "The page must be a whole number from 1")
      .max(10_000, "The page must be at most 10,000")
      .default(1),
  })
  .refine(
    (query) => {
      const [from, to] = [boundInstant(query.from, "from"), boundInstant(query.to, "to")];
      return from === undefined || to === undefined || from <= to;
    },
    { message: "from must not be after to", path: ["from"] },
  );
export type EventListQuery = z.output<typeof eventListSchema>;

/** A bound's instant: a day's start (`from`) or end (`to`, the whole day counts), in UTC. */
export function boundInstant(text: string | undefined, edge: "from" | "to"): number | undefined {
  if (!text) return undefined;
  if (DAY.test(text)) return Date.parse(`${text}T00:00:00Z`) + (edge === "to" ? 86_400_000 - 1 : 0);
  return instantOf(text) ?? undefined;
}

/** The events page: the list's filters, or a month's grid (`view=month`, `month=YYYY-MM`). */
export const eventsPageSchema = z.object({
  kind: z.enum(EVENT_KINDS).optional().catch(undefined),
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  view: z.enum(["list", "month"]).catch("list").default("list"),
  month: z.string().regex(MONTH_PATTERN).optional().catch(undefined),
});
export type EventsPage = z.output<typeof eventsPageSchema>;

export { EVENTS_PAGE_SIZE };
