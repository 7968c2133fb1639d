/**
 * The closed sets of values moderation holds. The database checks each (CHECK constraints in
 * db/schema/); app/features/moderation/vocabulary.ts gives them their labels. Plain values only,
 * so the browser may import them.
 */

/** What a member can report. */
export const REPORT_TARGETS = ["post", "comment", "listing", "user", "enquiry_message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["spam", "abuse", "misleading", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Where a report stands: open in the queue, or resolved: the thing hidden, the report dismissed,
 * or (a report of a member) the member suspended.
 */
export const REPORT_STATES = ["open", "hidden", "dismissed", "suspended"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  "hide",
  "restore",
  "dismiss",
  "verify",
  "unverify",
  "set_author_type",
  "suspend",
  "unsuspend",
  "grant_admin",
  "revoke_admin",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a member's posts are marked in the feed. */
export const AUTHOR_TYPES = ["expert", "admin", "other"] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];
