import { auditLog } from "../../../../db/schema";
import type { AuditAction, AuditTarget } from "../vocabulary";
import { type Db, statement } from "~/services/database/db.server";
import { nocaseOrder } from "~/services/database/nocase-order.server";

/**
 * The audit log's one writer. Every admin action calls it inside the transaction that makes the
 * change, so the log holds exactly the actions that happened. The table refuses UPDATE and
 * DELETE (triggers of migration 0012): nothing reads back into it to change it.
 */
export type AdminAction = {
  /** The admin; null for the operator's command line (`npm run admin`). */
  adminId: number | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  note?: string;
  /** What else the action set: a suspension's end, an author type. */
  details?: Record<string, unknown>;
};

export async function recordAdminAction(tx: Db, action: AdminAction) {
  await tx
    .insert(auditLog)
    .values({
      adminId: action.adminId,
      action: action.action,
      targetType: action.targetType,
      targetId: action.targetId,
      note: action.note ?? "",
      details: action.details ?? {},
    })
    .run();
}

export type AuditRow = {
  id: number;
  adminId: number | null;
  adminName: string | null;
  action: AuditAction;
  targetType: AuditTarget;
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
      WHEN 'site' THEN 'settings'
      WHEN 'page' THEN (SELECT slug || ', version ' || version FROM site_pages WHERE id = a.target_id)
      WHEN 'testimonial' THEN (SELECT name FROM testimonials WHERE id = a.target_id)
    END AS label,
    a.note, a.details, a.created_at AS createdAt
  FROM audit_log a LEFT JOIN users admin ON admin.id = a.admin_id`;

/**
 * A page of the log, newest first, and how many rows match: `admin` is an admin's id, or null for
 * the command line's rows.
 */
export async function auditRows(
  { admin, action }: { admin?: number | null; action?: AuditAction },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: AuditRow[] }> {
  const conditions: string[] = [];
  const params: Record<string, unknown> = { limit, offset };
  if (admin === null) conditions.push("a.admin_id IS NULL");
  else if (admin !== undefined) {
    conditions.push("a.admin_id = @admin");
    params.admin = admin;
  }
  if (action) {
    conditions.push("a.action = @action");
    params.action = action;
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const { total } = (await statement(`SELECT count(*) AS total FROM audit_log a ${where}`).get(params)) as { total: number };
  const rows = (await statement(
    `${SELECT_ENTRIES} ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT @limit OFFSET @offset`,
  ).all(params)) as AuditRow[];
  return { total, rows };
}

/** The latest rows about one thing, newest first. */
export async function auditRowsAbout(targetType: AuditTarget, targetId: number, limit: number): Promise<AuditRow[]> {
  return (await statement(
    `${SELECT_ENTRIES} WHERE a.target_type = ? AND a.target_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
  ).all(targetType, targetId, limit)) as AuditRow[];
}

/** The admins who appear in the log, by name; the command line is not among them. */
export async function adminsInAuditLog(): Promise<{ id: number; username: string }[]> {
  return (await statement(
    `SELECT u.id, u.username FROM users u WHERE u.id IN (SELECT DISTINCT admin_id FROM audit_log WHERE admin_id IS NOT NULL)
     ORDER BY ${nocaseOrder("u.username")}, u.id`,
  ).all()) as { id: number; username: string }[];
}
