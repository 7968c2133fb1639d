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
  // The instance's own settings, pages and testimonials.
  "update_site",
  "update_page",
  "add_testimonial",
  "change_testimonial",
  "remove_testimonial",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about: a reported thing, or one of the instance's own (its settings, a page, a testimonial). */
export const AUDIT_TARGETS = [...REPORT_TARGETS, "site", "page", "testimonial"] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** How a member's posts are marked in the feed. */
export const AUTHOR_TYPES = ["expert", "admin", "other"] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];
