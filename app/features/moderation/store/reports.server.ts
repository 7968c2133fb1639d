import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
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
 * The same question as a column of another store's query: 1 when the member reported the thing
 * whose id is `idColumn`, else 0. A list that reads its rows in one statement asks it there
 * instead of in a statement of its own (through PostgreSQL each statement is a round trip).
 */
export function reportedByColumn(reporterId: number, type: ReportTarget, idColumn: SQLWrapper): SQL {
  return sql`CASE WHEN EXISTS (SELECT 1 FROM reports r WHERE r.reporter_id = ${reporterId} AND r.target_type = ${type} AND r.target_id = ${idColumn}) THEN 1 ELSE 0 END`;
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
