import type { AuditQuery } from "./member-schemas";
import { COMMAND_LINE } from "./member-schemas";
import type { AuditEntryView, AuditPage } from "./member-wire";
import { adminsInAuditLog, auditRows, auditRowsAbout, type AuditRow } from "./store/audit.server";
import { ADMIN_PAGE_SIZE, type AuditTarget } from "./vocabulary";

/**
 * Reading the audit log: newest first, by admin and by action, and the rows about one thing.
 * Nothing here or anywhere else changes a row of it (the table refuses UPDATE and DELETE).
 */

const GONE_LABELS: Record<AuditTarget, string> = {
  site: "the site settings",
  page: "a page",
  testimonial: "a removed testimonial",
  user: "a deleted member",
  post: "a deleted post",
  comment: "a deleted comment",
  listing: "a deleted listing",
  enquiry_message: "a deleted message",
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
export async function listAuditLog({ admin, action, page }: AuditQuery): Promise<AuditPage> {
  const { total, rows } = await auditRows(
    { admin: admin === COMMAND_LINE ? null : admin, action },
    ADMIN_PAGE_SIZE,
    (page - 1) * ADMIN_PAGE_SIZE,
  );
  return {
    entries: rows.map(entryView),
    pagination: { page, limit: ADMIN_PAGE_SIZE, total, hasMore: page * ADMIN_PAGE_SIZE < total },
  };
}

/** The latest rows about one thing, newest first. */
export async function auditEntriesAbout(targetType: AuditTarget, targetId: number, limit = 50): Promise<AuditEntryView[]> {
  return (await auditRowsAbout(targetType, targetId, limit)).map(entryView);
}

/** The admins who appear in the log (the filter's choices), by name; the command line is not among them. */
export const auditAdmins = (): Promise<{ id: number; username: string }[]> => adminsInAuditLog();
