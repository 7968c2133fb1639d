import type { FormResult } from "~/lib/forms";
import type { MemberIntent } from "./member-schemas";
import type { AuditAction, AuditTarget, AuthorType, ReportReason, ReportState, ReportTarget } from "./vocabulary";

/** The admin's view of members and of the audit log, as the API sends it and the pages read it. */

export type MemberSuspension = { at: string; until: string | null; reason: string };

export type AdminMemberView = {
  id: number;
  username: string;
  email: string;
  role: "user" | "admin";
  author_type: AuthorType;
  is_verified: boolean;
  /** Only while it lasts: a suspension whose end has passed is null. */
  suspended: MemberSuspension | null;
  created_at: string;
  posts_count: number;
  open_reports_count: number;
};

export type AdminPagination = { page: number; limit: number; total: number; hasMore: boolean };

export type MemberPage = { users: AdminMemberView[]; pagination: AdminPagination };

export type RecentContent = {
  posts: { id: number; title: string; created_at: string; hidden: boolean }[];
  comments: { id: number; post_id: number; excerpt: string; created_at: string; hidden: boolean }[];
  listings: { id: number; title: string; status: string; created_at: string; hidden: boolean }[];
};

export type ReportAboutMember = {
  id: number;
  reporter: { id: number; username: string };
  target_type: ReportTarget;
  target_id: number;
  reason: ReportReason;
  note: string;
  state: ReportState;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
};

export type AuditEntryView = {
  id: number;
  /** null: the operator's command line. */
  admin: { id: number; username: string } | null;
  action: AuditAction;
  target: { type: AuditTarget; id: number; label: string };
  note: string;
  details: Record<string, unknown>;
  created_at: string;
};

export type MemberDetail = {
  user: AdminMemberView;
  recent_content: RecentContent;
  reports: ReportAboutMember[];
  audit: AuditEntryView[];
};

export type AuditPage = { entries: AuditEntryView[]; pagination: AdminPagination };

/** What a form of the admin's member page answers: which form, so the page shows the answer beside it. */
export type MemberActionResult = FormResult<{ intent?: MemberIntent }, { intent?: MemberIntent }>;
