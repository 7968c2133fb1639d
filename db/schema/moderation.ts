/** Moderation: reports, blocks between members, and the audit log. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS, AUDIT_TARGETS, REPORT_REASONS, REPORT_STATES, REPORT_TARGETS } from "../moderation-values";
import { createdAt, oneOf } from "./columns";
import { users } from "./members";

/**
 * A member's report of a post, a comment, a listing or another member: once per member and thing.
 * `target_user_id` is the thing's author (owner, or the member reported), so an admin sees every
 * report about a member. Reports of one thing group in the queue; resolving one resolves the
 * open ones of its thing together, by the admin `resolved_by`, with their note.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    targetUserId: integer("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    state: text("state", { enum: REPORT_STATES }).notNull().default("open"),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolutionNote: text("resolution_note"),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("reports_target_type_check", table.targetType, REPORT_TARGETS),
    oneOf("reports_reason_check", table.reason, REPORT_REASONS),
    oneOf("reports_state_check", table.state, REPORT_STATES),
    uniqueIndex("reports_reporter_target_idx").on(table.reporterId, table.targetType, table.targetId),
    // The queue reads one state's groups; a group is one thing's reports.
    index("reports_state_target_idx").on(table.state, table.targetType, table.targetId),
    index("reports_target_user_idx").on(table.targetUserId, table.createdAt),
  ],
);

/** A member (`blocker_id`) who no longer wants to see or hear from another (`blocked_id`). */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
    check("blocks_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * Every admin action: who (`admin_id`; null for the operator's command line), what, on what,
 * when and the note. Append-only: triggers (migration 0012) refuse every UPDATE and DELETE, so
 * nothing in the app, the API or a bug can rewrite it. Members are never deleted (an account
 * deletion leaves a tombstone row), so its references always resolve.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => users.id),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    note: text("note").notNull().default(""),
    /** What else the action set (a suspension's end, an author type), as JSON. */
    details: text("details", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("audit_log_action_check", table.action, AUDIT_ACTIONS),
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_admin_created_idx").on(table.adminId, table.createdAt, table.id),
    index("audit_log_action_created_idx").on(table.action, table.createdAt, table.id),
  ],
);

export type Report = typeof reports.$inferSelect;

export type AuditEntry = typeof auditLog.$inferSelect;
