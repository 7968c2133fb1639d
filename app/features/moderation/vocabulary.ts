import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  AUTHOR_TYPES,
  REPORT_REASONS,
  REPORT_STATES,
  REPORT_TARGETS,
  type AuditAction,
  type AuditTarget,
  type AuthorType,
  type ReportReason,
  type ReportState,
  type ReportTarget,
} from "../../../db/moderation-values";

/**
 * Moderation's vocabulary: what members report and why, where a report stands, what admins do,
 * and the limits. Plain values only, so pages may import them.
 */

export {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  AUTHOR_TYPES,
  REPORT_REASONS,
  REPORT_STATES,
  REPORT_TARGETS,
  type AuditAction,
  type AuditTarget,
  type AuthorType,
  type ReportReason,
  type ReportState,
  type ReportTarget,
};

/** A report's note, a moderator's note and a suspension's reason: at most this many characters. */
export const MAX_NOTE_LENGTH = 1_000;

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse or harassment",
  misleading: "Misleading",
  illegal: "Illegal",
  other: "Something else",
};

export const TARGET_LABELS: Record<ReportTarget, string> = {
  post: "post",
  comment: "comment",
  listing: "listing",
  user: "member",
  enquiry_message: "message",
};

export const STATE_LABELS: Record<ReportState, string> = {
  open: "Open",
  hidden: "Hidden",
  dismissed: "Dismissed",
  suspended: "Member suspended",
};

export const ACTION_LABELS: Record<AuditAction, string> = {
  hide: "Hid",
  restore: "Restored",
  dismiss: "Dismissed reports of",
  verify: "Verified",
  unverify: "Removed the verified mark of",
  set_author_type: "Set the author type of",
  suspend: "Suspended",
  unsuspend: "Lifted the suspension of",
  grant_admin: "Made admin",
  revoke_admin: "Revoked admin from",
  update_site: "Changed",
  update_page: "Wrote a new version of",
  add_testimonial: "Added",
  change_testimonial: "Changed",
  remove_testimonial: "Removed",
};

/** What an audit row is about, in words: a reported thing's, or the instance's own. */
export const AUDIT_TARGET_LABELS: Record<AuditTarget, string> = {
  ...TARGET_LABELS,
  site: "the site’s",
  page: "the page",
  testimonial: "the testimonial",
};

export const AUTHOR_TYPE_LABELS: Record<AuthorType, string> = {
  expert: "Expert",
  admin: "Admin",
  other: "Member",
};

/** Pages of the queue, the members' list and the audit log. */
export const ADMIN_PAGE_SIZE = 20;
