/** Notifications, each member's choices per type, and the digests sent. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EMAIL_MODES, NOTIFICATION_TYPES } from "../notification-values";
import { createdAt, oneOf } from "./columns";
import { users } from "./members";

/**
 * What a member hears about. `subject_type`/`subject_id` name the thing it links to (a post, an
 * order, a member); `fold_key` lets likes on one post in one day fold into one notification
 * (unique per recipient while set), counting `actors` and naming the latest `actor_id`. Read when
 * `read_at` is set. `emailed_at` records the instant mail or the digest that carried it.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    /** The member whose doing it is (the latest of a fold); null once they deleted their account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** How many members a fold holds (1 for an unfolded notification). */
    actors: integer("actors").notNull().default(1),
    subjectType: text("subject_type", {
      enum: ["post", "comment", "order", "user", "listing", "transfer_note", "lot", "enquiry", "enquiry_message", "event"],
    }).notNull(),
    subjectId: integer("subject_id").notNull(),
    /** A short text of the thing (a post's title, a listing's title), as it was. */
    excerpt: text("excerpt").notNull().default(""),
    /** What the moderators wrote (a reason, a note), for the notices moderation sends; null otherwise. */
    detail: text("detail"),
    foldKey: text("fold_key"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // The bell counts a member's unread; the list reads theirs newest first; folds find their row;
  // the sweep finds the old ones.
  (table) => [
    oneOf("notifications_type_check", table.type, NOTIFICATION_TYPES),
    index("notifications_recipient_updated_idx").on(table.recipientId, table.updatedAt, table.id),
    index("notifications_recipient_unread_idx")
      .on(table.recipientId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex("notifications_recipient_fold_idx").on(table.recipientId, table.foldKey),
    // The hourly sweep finds the notifications past their retention (features/notifications/retention.server.ts).
    index("notifications_updated_idx").on(table.updatedAt),
  ],
);

/** A member's choice per notification type; a type without a row takes its default (app/features/notifications). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    email: text("email", { enum: EMAIL_MODES }).notNull(),
    /**
     * How many times the member chose to get this type's e-mails (any mode but "off", set anew):
     * an unsubscribe link names the count it was sent under, so one sent before the member turned
     * the mails back on stops nothing. A type without a row is at 0.
     */
    emailVersion: integer("email_version").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type] }),
    oneOf("notification_preferences_type_check", table.type, NOTIFICATION_TYPES),
    oneOf("notification_preferences_email_check", table.email, EMAIL_MODES),
  ],
);

/** The daily digests sent: one a member a day, so a restart or a second runner never sends one twice. */
export const digestSends = sqliteTable(
  "digest_sends",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day (YYYY-MM-DD, UTC) the digest is for. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export type Notification = typeof notifications.$inferSelect;
