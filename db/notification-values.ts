/**
 * The closed sets of values notifications hold. The database checks each (CHECK constraints in
 * db/schema/); app/features/notifications/vocabulary.ts gives them their labels and defaults.
 * Plain values only, so the browser may import them.
 */

/** What a member hears about: never their own doing. */
export const NOTIFICATION_TYPES = [
  "like",
  "comment",
  "reply",
  "follow",
  "order_requested",
  "order_accepted",
  // The listing's owner answered an offer with a price of their own.
  "order_countered",
  "order_declined",
  "order_cancelled",
  "order_completed",
  "order_message",
  // A message in a thread of questions before an order (app/features/enquiries).
  "enquiry_message",
  "review",
  "transfer_note_issued",
  "report_resolved",
  "content_hidden",
  "content_restored",
  "account_suspended",
  "account_restored",
  // The first holder of a load, told what a later holder did with it (app/features/lots).
  "lot_fate",
  // A new listing matching a member's saved search (app/features/saved-searches).
  "saved_search_match",
  // Events (app/features/events): told to the members going, or to the one moved up the waiting list.
  "event_changed",
  "event_cancelled",
  "event_seat_freed",
  "event_reminder",
  "event_results",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What moderators tell a member about their own content or account: always shown and mailed at
 * once, whatever the member chose for other types, since it changes what they can do.
 */
export const FIXED_NOTIFICATION_TYPES = [
  "content_hidden",
  "content_restored",
  "account_suspended",
  "account_restored",
] as const satisfies readonly NotificationType[];

/** How a type reaches the member by e-mail: at once, in the daily digest, or not at all. */
export const EMAIL_MODES = ["instant", "daily", "off"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** How a saved search tells its member of a new match: at once, in the daily digest, or not at all. */
export const SAVED_SEARCH_ALERTS = EMAIL_MODES;
