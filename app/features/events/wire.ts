import type { z } from "~/lib/zod";
import type { attendeeViewSchema, eventViewSchema, rsvpViewSchema } from "./answers";

/** The events' answers as types (answers.ts has them as schemas). */
export type EventView = z.infer<typeof eventViewSchema>;
export type RsvpView = z.infer<typeof rsvpViewSchema>;
export type AttendeeView = z.infer<typeof attendeeViewSchema>;

/** What a visitor reads of an event: no member ids, no answer of theirs, no sample flag. */
export type PublicEventView = Omit<EventView, "organiser" | "rsvp" | "is_sample"> & { organiser: { username: string } };
