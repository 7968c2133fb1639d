import type { EventKind, RsvpStatus } from "../../../db/event-values";

/** The words the events' pages and mails use for the closed sets of db/event-values.ts. Plain, so the browser may import it. */

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  repair_cafe: "Repair café",
  cleanup: "Clean-up",
  swap: "Swap",
  collection_drive: "Collection drive",
  workshop: "Workshop",
  other: "Other",
};

export const RSVP_STATUS_LABELS: Record<RsvpStatus, string> = {
  going: "Going",
  waitlisted: "On the waiting list",
  not_going: "Not going",
};

/** Events a page (and an API page) holds. */
export const EVENTS_PAGE_SIZE = 20;

/** What a missing event answers (every member may read every event, so there is no "not yours" case). */
export const NO_SUCH_EVENT = "This event does not exist.";

/** The one photo an event may carry. */
export const EVENT_PHOTO_MESSAGES = {
  notAllowed: "Only images (JPEG, PNG, GIF, WebP, AVIF) can be attached to an event.",
  tooLarge: "The photo must be under 10MB.",
  tooMany: "An event can have one photo.",
};
