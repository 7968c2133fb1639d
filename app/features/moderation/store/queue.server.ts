import { and, eq } from "drizzle-orm";
import { reports } from "../../../../db/schema";
import { type Db, getDb, statement } from "~/services/database/db.server";
import type { ReportReason, ReportState, ReportTarget } from "../vocabulary";

/** The admins' queue as stored: reports grouped by the thing they are about, and their resolution. */

export type GroupKey = { targetType: ReportTarget; targetId: number };

export type QueueReportRow = {
  id: number;
  reporterId: number;
  reporterName: string;
  targetUserId: number;
  authorName: string;
  reason: ReportReason;
  note: string;
  createdAt: number;
  resolvedBy: number | null;
  resolverName: string | null;
  resolvedAt: number | null;
  resolutionNote: string | null;
};

const GROUP_REPORTS = `SELECT r.id, r.reporter_id AS reporterId, reporter.username AS reporterName,
  r.target_user_id AS targetUserId, author.username AS authorName, r.reason, r.note, r.created_at AS createdAt,
  r.resolved_by AS resolvedBy, resolver.username AS resolverName, r.resolved_at AS resolvedAt, r.resolution_note AS resolutionNote
  FROM reports r
  JOIN users reporter ON reporter.id = r.reporter_id
  JOIN users author ON author.id = r.target_user_id
  LEFT JOIN users resolver ON resolver.id = r.resolved_by
  WHERE r.state = ? AND r.target_type = ? AND r.target_id = ? ORDER BY r.id`;

/** One thing's reports in one state, oldest first, with the names of who filed, wrote and resolved them. */
export async function groupReports(state: ReportState, key: GroupKey): Promise<QueueReportRow[]> {
  return (await statement(GROUP_REPORTS).all(state, key.targetType, key.targetId)) as QueueReportRow[];
}

/** How many groups (things) have reports in a state. */
export async function countReportGroups(state: ReportState): Promise<number> {
  return (
    (await statement(
      "SELECT COUNT(*) AS n FROM (SELECT 1 FROM reports WHERE state = ? GROUP BY target_type, target_id) AS targets",
    ).get(state)) as {
      n: number;
    }
  ).n;
}

/** A page of one state's groups: the open ones oldest first, the resolved ones latest resolved first. */
export async function reportGroupKeys(state: ReportState, limit: number, offset: number): Promise<GroupKey[]> {
  const order = state === "open" ? "MIN(created_at) ASC, MIN(id) ASC" : "MAX(resolved_at) DESC, MAX(id) DESC";
  return (await statement(
    `SELECT target_type AS targetType, target_id AS targetId FROM reports WHERE state = ?
     GROUP BY target_type, target_id ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(state, limit, offset)) as GroupKey[];
}

/** A report's state and what it is about, or undefined for an unknown report. */
export async function reportStateAndTarget(reportId: number, db: Db = getDb()) {
  return db
    .select({ state: reports.state, targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.id, reportId))
    .get();
}

/** A report, or undefined. */
export async function reportById(reportId: number, db: Db = getDb()) {
  return db.select().from(reports).where(eq(reports.id, reportId)).get();
}

/** Resolves every open report about a thing at once; answers who filed them (none when none was open). */
export async function resolveOpenReportsOn(
  tx: Db,
  target: GroupKey,
  resolution: { state: ReportState; adminId: number; note: string },
): Promise<{ reporterId: number }[]> {
  return tx
    .update(reports)
    .set({ state: resolution.state, resolvedBy: resolution.adminId, resolvedAt: new Date(), resolutionNote: resolution.note })
    .where(and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId), eq(reports.state, "open")))
    .returning({ reporterId: reports.reporterId })
    .all();
}
