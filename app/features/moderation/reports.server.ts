import { and, eq } from "drizzle-orm";
import { reports, users } from "../../../db/schema";
import { blockedIdsOfSync, canSeeContent, type Viewer } from "~/services/access.server";
import { type AppDatabase, type Db, getDb, prepared } from "~/services/db.server";
import { consumeRateLimit, waitOf } from "~/services/rate-limit.server";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import { notify } from "~/features/notifications/notify.server";
import { excerptOf, ownThingMessage } from "./rules";
import type { ReportValues } from "./schemas";
import { readThing, type Thing } from "./things.server";
import { TARGET_LABELS, type ReportTarget } from "./vocabulary";
import type { ReportSubject, ReportView } from "./wire";

/**
 * Members reporting a post, a comment, a listing or another member: once per member and thing
 * (the unique index on reporter, type and id keeps it to one, two at once included). What the
 * reporter may not see cannot be reported: it answers like a thing that does not exist.
 */

export type Refusal = FormFailure & { reason: NonNullable<FormFailure["reason"]>; message: string; retryAfterSeconds?: number };

const refuse = (reason: Refusal["reason"], message: string): Refusal => ({ ok: false, reason, message, errors: {} });

/** Reports a member may file in an hour: more than anyone reading the site meets, too few for a script. */
export const REPORTS_PER_HOUR = 30;

export const THANKS_MESSAGE = "Thanks — moderators will look at it.";

const notFoundMessage = (type: ReportTarget) =>
  type === "user" ? "This member does not exist." : `This ${TARGET_LABELS[type]} does not exist.`;

/** Whether the viewer may see the thing at all (a comment needs its post too; a member must not be deleted or blocked). */
function visibleTo(viewer: Viewer, thing: Thing): boolean {
  const blocked = blockedIdsOfSync(viewer.id);
  if (thing.type === "user") return !thing.deleted && !blocked.includes(thing.id);
  if (!canSeeContent(viewer, { ownerId: thing.ownerId, hiddenAt: thing.hiddenAt }, blocked)) return false;
  return thing.post === null || canSeeContent(viewer, { ownerId: thing.post.ownerId, hiddenAt: thing.post.hiddenAt }, blocked);
}

/** The thing the viewer would report, or the refusal that reporting it would get (before anything is written). */
function reportable(viewer: Viewer, type: ReportTarget, id: number): { ok: true; thing: Thing } | Refusal {
  const thing = readThing(type, id);
  if (!thing || !visibleTo(viewer, thing)) return refuse("not-found", notFoundMessage(type));
  if (thing.ownerId === viewer.id) return refuse("invalid", ownThingMessage(type));
  if (thing.hiddenAt !== null) return refuse("conflict", `Moderators have already hidden this ${TARGET_LABELS[type]}.`);
  return { ok: true, thing };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
  (error instanceof Error && /UNIQUE constraint failed/.test(error.message));

const toView = (row: typeof reports.$inferSelect): ReportView => ({
  id: row.id,
  target_type: row.targetType,
  target_id: row.targetId,
  reason: row.reason,
  note: row.note,
  state: row.state,
  created_at: row.createdAt.toISOString(),
});

export type ReportOutcome = FormSuccess<{ message: string; report: ReportView }> | Refusal;

/** The viewer reports a thing. Counted against their hourly allowance, given back when refused. */
export function fileReport(viewer: Viewer, values: ReportValues, db: AppDatabase = getDb()): ReportOutcome {
  const allowance = consumeRateLimit(`report:member:${viewer.id}`, { limit: REPORTS_PER_HOUR, windowMs: 60 * 60_000 });
  if (!allowance.allowed) {
    return {
      ...refuse("rate-limited", `You are reporting too often. Please try again in ${waitOf(allowance.retryAfterSeconds)}.`),
      retryAfterSeconds: allowance.retryAfterSeconds,
    };
  }
  const outcome = storeReport(viewer, values, db);
  if (!outcome.ok) allowance.release();
  return outcome;
}

function storeReport(viewer: Viewer, values: ReportValues, db: AppDatabase): ReportOutcome {
  const found = reportable(viewer, values.target_type, values.target_id);
  if (!found.ok) return found;
  try {
    const row = db
      .insert(reports)
      .values({
        reporterId: viewer.id,
        targetType: values.target_type,
        targetId: values.target_id,
        targetUserId: found.thing.ownerId,
        reason: values.reason,
        note: values.note,
      })
      .returning()
      .get();
    return { ok: true, message: THANKS_MESSAGE, report: toView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("conflict", "You have already reported this.");
    throw error;
  }
}

/** What the report page shows of the thing, or why it cannot be reported (a thing already reported is shown, marked). */
export function reportSubject(viewer: Viewer, type: ReportTarget, id: number): { ok: true; subject: ReportSubject } | Refusal {
  const found = reportable(viewer, type, id);
  if (!found.ok) return found;
  const { thing } = found;
  const detail = type === "comment" ? `On "${thing.post?.title ?? ""}"` : type === "user" ? "" : excerptOf(thing.body, 160);
  return {
    ok: true,
    subject: {
      type,
      id,
      label: type === "comment" ? excerptOf(thing.title, 200) : thing.title,
      detail,
      already: reportedIds(viewer.id, type, [id]).has(id),
    },
  };
}

/**
 * Which of the given things the member has reported: one look-up on the (reporter, type, id)
 * index for a whole page, so a list marks "Reported" without a query per item.
 */
export function reportedIds(reporterId: number, type: ReportTarget, ids: readonly number[]): Set<number> {
  if (!ids.length) return new Set();
  const rows = prepared(
    "SELECT target_id FROM reports WHERE reporter_id = ? AND target_type = ? AND target_id IN (SELECT value FROM json_each(?))",
  )
    .raw(true)
    .all(reporterId, type, JSON.stringify(ids)) as [number][];
  return new Set(rows.map((row) => row[0]));
}

/**
 * Resolves a member's open reports as "suspended", inside the transaction of the suspension (the
 * admin's member page calls it), and tells each reporter. Answers how many were resolved.
 */
export function resolveReportsOfMember(tx: Db, memberId: number, adminId: number, note: string): number {
  const resolved = tx
    .update(reports)
    .set({ state: "suspended", resolvedBy: adminId, resolvedAt: new Date(), resolutionNote: note })
    .where(and(eq(reports.targetType, "user"), eq(reports.targetId, memberId), eq(reports.state, "open")))
    .returning({ reporterId: reports.reporterId })
    .all();
  if (!resolved.length) return 0;
  const member = tx.select({ username: users.username }).from(users).where(eq(users.id, memberId)).get();
  for (const { reporterId } of resolved) {
    notify(tx, {
      recipientId: reporterId,
      type: "report_resolved",
      actorId: adminId,
      subjectType: "user",
      subjectId: memberId,
      excerpt: member?.username ?? "",
      detail: "suspended",
    });
  }
  return resolved.length;
}
