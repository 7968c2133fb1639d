import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { attendeesAnswer, eventAnswer, eventListAnswer, rsvpAnswer } from "~/features/events/answers";
import { cancelEventSchema, eventChangeSchema, eventFields, eventListSchema, rsvpSchema } from "~/features/events/schemas";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";
import { eventResultsSchema } from "~/features/events/results";

const NOT_ORGANISER = "The caller does not organise this event.";

export const eventPaths: ApiPath[] = [
  {
    path: "/api/events",
    operations: {
      get: {
        summary:
          "Events, upcoming first: those not ended, soonest first, then those ended, latest first. `from`/`to` bound the start (a day in UTC, or a time with its offset).",
        access: "member",
        query: eventListSchema,
        answers: { 200: successAnswer({ data: eventListAnswer }) },
      },
      post: {
        summary:
          "Organises an event. Times are ISO 8601 with an offset (a form's local time is read in time_zone); the end after the start, the start at most 366 days back. JSON, or multipart with one `photo`.",
        access: "member",
        body: z.object(eventFields),
        multipart: { fields: z.object(eventFields), files: "photo: one image (JPEG, PNG, GIF, WebP, AVIF) under 10 MB" },
        answers: { 201: successAnswer({ message: z.string(), data: eventAnswer }) },
        errors: { 413: "The photo is over 10 MB.", 415: "The photo is not an image." },
      },
    },
  },
  {
    path: "/api/events/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "One event, with the caller's answer and what it achieved once its organiser recorded it (null before).",
        access: "member",
        answers: { 200: successAnswer({ data: eventAnswer.extend({ results: eventResultsSchema.nullable() }) }) },
        errors: { 404: NO_SUCH_EVENT },
      },
      patch: {
        summary:
          "Changes the event (its organiser only). A new time, zone or place tells everyone going; a higher capacity moves the waiting list up.",
        access: "member",
        body: eventChangeSchema,
        answers: { 200: successAnswer({ message: z.string(), data: eventAnswer }) },
        errors: { 403: NOT_ORGANISER, 404: NO_SUCH_EVENT, 409: "The event is cancelled, or a sample." },
      },
    },
  },
  {
    path: "/api/events/{id}/cancel",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary:
          "Cancels the event with a reason (its organiser only): everyone going or waiting is told, in the app and by mail.",
        access: "member",
        body: cancelEventSchema,
        answers: { 200: successAnswer({ message: z.string(), data: eventAnswer }) },
        errors: { 403: NOT_ORGANISER, 404: NO_SUCH_EVENT, 409: "The event is already cancelled, or a sample." },
      },
    },
  },
  {
    path: "/api/events/{id}/rsvp",
    params: { id: pathIdSchema },
    operations: {
      put: {
        summary:
          "The caller's answer. Past the capacity a going member waits, in the order members answered; when a seat frees the first waiting moves up and is told.",
        access: "member",
        body: rsvpSchema,
        answers: { 200: successAnswer({ message: z.string(), data: rsvpAnswer }) },
        errors: {
          403: "The caller and the organiser blocked one another.",
          404: NO_SUCH_EVENT,
          409: "The event is cancelled, has ended or is a sample, or the caller organises it.",
        },
      },
    },
  },
  {
    path: "/api/events/{id}/attendees",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "Who answered (names, status, when), going first, then the waiting list in order (the organiser only).",
        access: "member",
        answers: { 200: successAnswer({ data: attendeesAnswer }) },
        errors: { 403: NOT_ORGANISER, 404: NO_SUCH_EVENT },
      },
    },
  },
  {
    path: "/api/events/{id}/attendees/export",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The attendee list as CSV, header first; text cells defused for spreadsheets (the organiser only).",
        access: "member",
        answers: { 200: { mediaType: "text/csv", description: "The attendee list (Content-Disposition: attachment)." } },
        errors: { 403: NOT_ORGANISER, 404: NO_SUCH_EVENT },
      },
    },
  },
];
