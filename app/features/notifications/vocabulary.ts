import {
  EMAIL_MODES,
  FIXED_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  type EmailMode,
  type NotificationType,
} from "../../../db/notification-values";

/**
 * The notifications' vocabulary: each type's label and default, how it reaches a member by
 * e-mail. Plain values only, so the settings page may import them.
 */

export { EMAIL_MODES, FIXED_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type EmailMode, type NotificationType };

/** The types a member chooses for: every type but moderators' notices, which always reach them. */
export type PreferenceType = Exclude<NotificationType, (typeof FIXED_NOTIFICATION_TYPES)[number]>;
export const PREFERENCE_TYPES = NOTIFICATION_TYPES.filter(
  (type): type is PreferenceType => !(FIXED_NOTIFICATION_TYPES as readonly string[]).includes(type),
);
export const isFixedType = (type: NotificationType) => (FIXED_NOTIFICATION_TYPES as readonly string[]).includes(type);

/**
 * What moderators do rather than a member: their notices and a report's outcome. They name no
 * admin, and pass a block between the admin and the member (a block is between members).
 */
export const isModerationType = (type: NotificationType) => isFixedType(type) || type === "report_resolved";

/** One type's choice: shown in the bell's list or not, and by e-mail at once, in the daily digest, or not. */
export type TypePreference = { in_app: boolean; email: EmailMode };
export type NotificationPreferences = Record<PreferenceType, TypePreference>;

/** What each type is about, as the settings page names it. */
export const TYPE_LABELS: Record<NotificationType, string> = {
  like: "Likes on your posts",
  comment: "Comments on your posts",
  reply: "Replies in threads you commented in",
  follow: "New followers",
  order_requested: "Order requests and offers",
  order_accepted: "Orders accepted",
  order_countered: "Counters to your offers",
  order_declined: "Orders declined",
  order_cancelled: "Orders cancelled",
  order_completed: "Orders confirmed and completed",
  order_message: "Messages about your orders",
  enquiry_message: "Questions about listings, and their answers",
  review: "Reviews you receive",
  transfer_note_issued: "Transfer notes of your waste orders",
  report_resolved: "Your reports, once moderators decide",
  content_hidden: "Moderators hid something of yours",
  content_restored: "Moderators restored something of yours",
  account_suspended: "Your account was suspended",
  account_restored: "Your suspension was lifted",
  lot_fate: "What later holders did with waste you handed over",
  saved_search_match: "New listings matching your saved searches (each search's alert says when to mail)",
  event_changed: "Changes to events you go to",
  event_cancelled: "Events you go to, cancelled",
  event_seat_freed: "A seat for you at an event you waited for",
  event_reminder: "Reminders a day before events you go to",
  event_results: "What events you went to achieved",
};

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  instant: "At once",
  daily: "Daily digest",
  off: "Off",
};

/**
 * A type without a stored choice takes its default: what concerns an order or a review matters at
 * once; talk on a member's posts can wait for the day's digest; likes and follows are nice to see
 * but not worth a mail.
 */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  like: { in_app: true, email: "off" },
  comment: { in_app: true, email: "daily" },
  reply: { in_app: true, email: "daily" },
  follow: { in_app: true, email: "off" },
  order_requested: { in_app: true, email: "instant" },
  order_accepted: { in_app: true, email: "instant" },
  order_countered: { in_app: true, email: "instant" },
  order_declined: { in_app: true, email: "instant" },
  order_cancelled: { in_app: true, email: "instant" },
  order_completed: { in_app: true, email: "instant" },
  order_message: { in_app: true, email: "instant" },
  enquiry_message: { in_app: true, email: "instant" },
  review: { in_app: true, email: "instant" },
  transfer_note_issued: { in_app: true, email: "instant" },
  report_resolved: { in_app: true, email: "off" },
  // A producer's: anyone else's default is OFF_UNLESS_PRODUCER's.
  lot_fate: { in_app: true, email: "daily" },
  // Each saved search's own alert decides the mail: "daily" ones wait for the digest.
  saved_search_match: { in_app: true, email: "daily" },
  // A change of time or place, a cancellation, a seat and the reminder matter before the day.
  event_changed: { in_app: true, email: "instant" },
  event_cancelled: { in_app: true, email: "instant" },
  event_seat_freed: { in_app: true, email: "instant" },
  event_reminder: { in_app: true, email: "instant" },
  event_results: { in_app: true, email: "daily" },
};

/**
 * Types on by default only for a member whose organisation is a producer (what later holders did
 * with a load they handed over first): anyone else hears nothing of them until they choose them,
 * so a dealer is not told of every load they passed on.
 */
export const PRODUCER_DEFAULT_TYPES: readonly PreferenceType[] = ["lot_fate"];
export const OFF_UNLESS_PRODUCER: TypePreference = { in_app: false, email: "off" };

/** What a moderators' notice always gets: shown, and mailed at once. */
export const FIXED_DELIVERY: TypePreference = { in_app: true, email: "instant" };

/** A type's choice when the member stored none. */
export const defaultPreferenceOf = (type: NotificationType): TypePreference =>
  isFixedType(type) ? FIXED_DELIVERY : DEFAULT_PREFERENCES[type as PreferenceType];

/** A page of the list, as the feed pages its posts. */
export const NOTIFICATIONS_PER_PAGE = 20;
export const MAX_NOTIFICATIONS_PER_PAGE = 50;
/** At most this many ids in one "mark as read". */
export const MAX_READ_IDS = 100;
/** The bell shows counts above this as "9+". */
export const BADGE_CAP = 9;
/**
 * How long a notification is kept after its last activity (a fold's last like): half a year once
 * read, a year while unread. The hourly sweep deletes the older ones (retention.server.ts).
 */
export const READ_RETENTION_DAYS = 180;
export const UNREAD_RETENTION_DAYS = 365;
