import { and, eq } from "drizzle-orm";
import { reports, users } from "../../../../db/schema";
import { type Db, getDb, statement, isUniqueViolation } from "~/services/database/db.server";
import type { ReportValues } from "../schemas";
import type { ReportTarget } from "../vocabulary";

/** Reports as members file them and as a suspension resolves them. */

export type ReportRow = typeof reports.$inferSelect;

/** Writes the member's report; null when they already reported the thing (the unique index decides, two at once included). */
export async function insertReport(
  reporterId: number,
  values: ReportValues,
  targetUserId: number,
  db: Db = getDb(),
): Promise<ReportRow | null> {
  try {
    return await db
      .insert(reports)
      .values({
        reporterId,
        targetType: values.target_type,
        targetId: values.target_id,
        targetUserId,
        reason: values.reason,
        note: values.note,
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Which of the given things the member has reported: one look-up on the (reporter, type, id)
 * index for a whole page, so a list marks "Reported" without a query per item.
 */
export async function reportedIds(reporterId: number, type: ReportTarget, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = (await statement(
    "SELECT target_id FROM reports WHERE reporter_id = ? AND target_type = ? AND target_id IN (SELECT value FROM json_each(?))",
  ).values(reporterId, type, JSON.stringify(ids))) as [number][];
  return new Set(rows.map((row) => row[0]));
}

/**
 * Resolves the open reports about a member as "suspended"; answers who filed them and the
 * member's name (nothing when none was open).
 */
export async function resolveOpenReportsAbout(tx: Db, memberId: number, adminId: number, note: string) {
  const resolved = await tx
    .update(reports)
    .set({ state: "suspended", resolvedBy: adminId, resolvedAt: new Date(), resolutionNote: note })
    .where(and(eq(reports.targetType, "user"), eq(reports.targetId, memberId), eq(reports.state, "open")))
    .returning({ reporterId: reports.reporterId })
    .all();
  if (!resolved.length) return { reporterIds: [], username: null };
  const member = await tx.select({ username: users.username }).from(users).where(eq(users.id, memberId)).get();
  return { reporterIds: resolved.map((row) => row.reporterId), username: member?.username ?? null };
}
