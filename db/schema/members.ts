/** Members, their sign-ins and what proves who they are: read by auth and account. */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUTHOR_TYPES } from "../moderation-values";
import { SIGNED_OUT_REASONS } from "../session-values";
import { createdAt, oneOf } from "./columns";

/**
 * What a member may do beyond their own things: a closed set, checked by the database (triggers
 * in migration 0006) and read through app/services/access.server.ts. Every account starts as "user".
 */
export const ROLES = ["user", "admin"] as const;

export type Role = (typeof ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    /** Stored lower-cased and trimmed, so look-ups are exact matches on the unique index. */
    email: text("email").notNull().unique(),
    /** bcrypt hash; "!" marks an account that cannot sign in with a password (seeded authors). */
    passwordHash: text("password_hash").notNull(),
    /** The member's role (ROLES); the API calls it `user_type`. */
    userType: text("user_type", { enum: ROLES }).notNull().default("user"),
    /** How the member's posts are marked in the feed: expert (trophy), admin, or other. Display only. */
    authorType: text("author_type", { enum: AUTHOR_TYPES }).notNull().default("other"),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    /** The profile's editable fields. */
    bio: text("bio").notNull().default(""),
    phone: text("phone").notNull().default(""),
    location: text("location").notNull().default(""),
    /** Where `location` is on the map (app/services/places), for distances from the member; null when it names no known place. */
    lat: real("lat"),
    lng: real("lng"),
    company: text("company").notNull().default(""),
    website: text("website").notNull().default(""),
    createdAt: createdAt(),
    /**
     * Set when the member deleted their account: the row stays as "a deleted member" so the other
     * party keeps their orders and messages; name, e-mail (freed to register again), password and
     * profile are wiped, and everything else of theirs is gone.
     */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * Set while an admin has suspended the member: no session lives and sign-in is refused until
     * `suspended_until` (null: until an admin lifts it). Lifting clears all three.
     */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    suspendedUntil: integer("suspended_until", { mode: "timestamp_ms" }),
    suspensionReason: text("suspension_reason"),
  },
  // The rows the start-up pass has yet to place on the map: none, once it has run.
  (table) => [
    index("users_unplaced_idx")
      .on(table.id)
      .where(sql`lat IS NULL AND location <> ''`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** The JWT's `jti`: a token is valid only while this row exists. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    /** When a request last used it: written at most once a minute. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** The browser or client that signed in, as it named itself (cut to 300 characters). */
    userAgent: text("user_agent").notNull().default(""),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the e-mailed token, hex: the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

/**
 * A session ended by something other than its own device (a password change, "sign out
 * everywhere", a suspension): its id and why, so the device still holding its token is told why
 * it was signed out. Kept until the token would have expired anyway; the hourly sweep deletes it then.
 */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    /** The ended session's id (the JWT's `jti`). */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: SIGNED_OUT_REASONS }).notNull(),
    endedAt: createdAt(),
    /** When the session would have expired: after it, the token is refused as expired anyway. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("ended_sessions_user_id_idx").on(table.userId),
    index("ended_sessions_expires_at_idx").on(table.expiresAt),
    oneOf("ended_sessions_reason_check", table.reason, SIGNED_OUT_REASONS),
  ],
);

/**
 * A change of e-mail waiting for its link: nothing changes until the link mailed to the new
 * address is opened, once, before it expires (the rules of password reset links).
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The new address, lower-cased and trimmed. */
    newEmail: text("new_email").notNull(),
    /** SHA-256 of the mailed token, hex: the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("email_changes_user_id_idx").on(table.userId)],
);

export type User = typeof users.$inferSelect;
