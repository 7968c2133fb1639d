import { prepared } from "~/services/db.server";
import type { AuditQuery } from "./member-schemas";
import { COMMAND_LINE } from "./member-schemas";
import type { AuditEntryView, AuditPage } from "./member-wire";
import { ADMIN_PAGE_SIZE, type AuditAction, type ReportTarget } from "./vocabulary";

/**
 * Reading the audit log: newest first, by admin and by action, and the rows about one thing.
 * Nothing here or anywhere else changes a row of it (the table refuses UPDATE and DELETE).
 */

type AuditRow = {
  id: number;
  adminId: number | null;
  adminName: string | null;
  action: AuditAction;
  targetType: ReportTarget;
  targetId: number;
  label: string | null;
  note: string;
  details: string;
  createdAt: number;
};

/** The thing each row is about, named as the admin knows it: a member's name, a post's or listing's title, a comment's start. */
const SELECT_ENTRIES = `SELECT a.id, a.admin_id AS adminId, admin.username AS adminName, a.action, a.target_type AS targetType,
    a.target_id AS targetId,
    CASE a.target_type
      WHEN 'user' THEN (SELECT username FROM users WHERE id = a.target_id)
      WHEN 'post' THEN (SELECT title FROM posts WHERE id = a.target_id)
      WHEN 'comment' THEN (SELECT substr(content, 1, 80) FROM post_comments WHERE id = a.target_id)
      WHEN 'listing' THEN (SELECT title FROM listings WHERE id = a.target_id)
    END AS label,
    a.note, a.details, a.created_at AS createdAt
  FROM audit_log a LEFT JOIN users admin ON admin.id = a.admin_id`;

const GONE_LABELS: Record<ReportTarget, string> = {
  user: "a deleted member",
  post: "a deleted post",
  comment: "a deleted comment",
  listing: "a deleted listing",
};

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function entryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    admin: row.adminId === null ? null : { id: row.adminId, username: row.adminName ?? "a deleted member" },
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.label ?? GONE_LABELS[row.targetType] },
    note: row.note,
    details: parseDetails(row.details),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** A page of the log, newest first; `admin` is an admin's id or the command line. */
export function listAuditLog({ admin, action, page }: AuditQuery): AuditPage {
  const conditions: string[] = [];
  const params: Record<string, unknown> = { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE };
  if (admin === COMMAND_LINE) conditions.push("a.admin_id IS NULL");
  else if (admin !== undefined) {
    conditions.push("a.admin_id = @admin");
    params.admin = admin;
  }
  if (action) {
    conditions.push("a.action = @action");
    params.action = action;
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const { total } = prepared(`SELECT count(*) AS total FROM audit_log a ${where}`).get(params) as { total: number };
  const rows = prepared(`${SELECT_ENTRIES} ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT @limit OFFSET @offset`).all(
    params,
  ) as AuditRow[];
  return {
    entries: rows.map(entryView),
    pagination: { page, limit: ADMIN_PAGE_SIZE, total, hasMore: page * ADMIN_PAGE_SIZE < total },
  };
}

/** The latest rows about one thing, newest first. */
export function auditEntriesAbout(targetType: ReportTarget, targetId: number, limit = 50): AuditEntryView[] {
  const rows = prepared(
    `${SELECT_ENTRIES} WHERE a.target_type = ? AND a.target_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
  ).all(targetType, targetId, limit) as AuditRow[];
  return rows.map(entryView);
}

/** The admins who appear in the log (the filter's choices), by name; the command line is not among them. */
export function auditAdmins(): { id: number; username: string }[] {
  return prepared(
    `SELECT u.id, u.username FROM users u WHERE u.id IN (SELECT DISTINCT admin_id FROM audit_log WHERE admin_id IS NOT NULL)
     ORDER BY u.username COLLATE NOCASE, u.id`,
  ).all() as { id: number; username: string }[];
}
