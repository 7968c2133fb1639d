import { blockedIdsOf, canSeeContent, type Viewer } from "~/services/access.server";
import type { Db } from "~/services/database/db.server";
import { consumeRateLimit, waitOf } from "~/services/rate-limit.server";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import { notify } from "~/features/notifications/notify.server";
import { excerptOf, ownThingMessage } from "./rules";
import type { ReportValues } from "./schemas";
import { insertReport, reportedByColumn, reportedIds, resolveOpenReportsAbout, type ReportRow } from "./store/reports.server";
import { moderatedThing, readThing, type Thing } from "./things.server";
import { TARGET_LABELS, type ReportTarget } from "./vocabulary";
import type { ReportSubject, ReportView } from "./wire";
import { refuse } from "~/lib/forms";

/**
 * Members reporting a post, a comment, a listing or another member: once per member and thing
 * (the unique index on reporter, type and id keeps it to one, two at once included). What the
 * reporter may not see cannot be reported: it answers like a thing that does not exist.
 */

export { reportedByColumn, reportedIds };

export type Refusal = FormFailure & { reason: NonNullable<FormFailure["reason"]>; message: string; retryAfterSeconds?: number };

/** Reports a member may file in an hour: more than anyone reading the site meets, too few for a script. */
export const REPORTS_PER_HOUR = 30;

export const THANKS_MESSAGE = "Thanks — moderators will look at it.";

const notFoundMessage = (type: ReportTarget) =>
  type === "user" ? "This member does not exist." : `This ${TARGET_LABELS[type]} does not exist.`;

/** Whether the viewer may see the thing at all (a comment needs its post too; a member must not be deleted or blocked). */
async function visibleTo(viewer: Viewer, thing: Thing): Promise<boolean> {
  const blocked = await blockedIdsOf(viewer.id);
  if (thing.type === "user") return !thing.deleted && !blocked.includes(thing.id);
  const privately = moderatedThing(thing.type).visibleTo;
  if (privately && !(await privately(viewer.id, thing.id))) return false;
  if (!canSeeContent(viewer, { ownerId: thing.ownerId, hiddenAt: thing.hiddenAt }, blocked)) return false;
  return thing.post === null || canSeeContent(viewer, { ownerId: thing.post.ownerId, hiddenAt: thing.post.hiddenAt }, blocked);
}

/** The thing the viewer would report, or the refusal that reporting it would get (before anything is written). */
async function reportable(viewer: Viewer, type: ReportTarget, id: number): Promise<{ ok: true; thing: Thing } | Refusal> {
  const thing = await readThing(type, id);
  if (!thing || !(await visibleTo(viewer, thing))) return refuse("not-found", notFoundMessage(type));
  if (thing.ownerId === viewer.id) return refuse("invalid", ownThingMessage(type));
  if (thing.hiddenAt !== null) return refuse("conflict", `Moderators have already hidden this ${TARGET_LABELS[type]}.`);
  return { ok: true, thing };
}

const toView = (row: ReportRow): ReportView => ({
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
export async function fileReport(viewer: Viewer, values: ReportValues): Promise<ReportOutcome> {
  const allowance = await consumeRateLimit(`report:member:${viewer.id}`, { limit: REPORTS_PER_HOUR, windowMs: 60 * 60_000 });
  if (!allowance.allowed) {
    return {
      ...refuse("rate-limited", `You are reporting too often. Please try again in ${waitOf(allowance.retryAfterSeconds)}.`),
      retryAfterSeconds: allowance.retryAfterSeconds,
    };
  }
  const outcome = await storeReport(viewer, values);
  if (!outcome.ok) await allowance.release();
  return outcome;
}

async function storeReport(viewer: Viewer, values: ReportValues): Promise<ReportOutcome> {
  const found = await reportable(viewer, values.target_type, values.target_id);
  if (!found.ok) return found;
  const row = await insertReport(viewer.id, values, found.thing.ownerId);
  if (!row) return refuse("conflict", "You have already reported this.");
  return { ok: true, message: THANKS_MESSAGE, report: toView(row) };
}

/** What the report page shows of the thing, or why it cannot be reported (a thing already reported is shown, marked). */
export async function reportSubject(
  viewer: Viewer,
  type: ReportTarget,
  id: number,
): Promise<{ ok: true; subject: ReportSubject } | Refusal> {
  const found = await reportable(viewer, type, id);
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
      already: (await reportedIds(viewer.id, type, [id])).has(id),
    },
  };
}

/**
 * Resolves a member's open reports as "suspended", inside the transaction of the suspension (the
 * admin's member page calls it), and tells each reporter. Answers how many were resolved.
 */
export async function resolveReportsOfMember(tx: Db, memberId: number, adminId: number, note: string): Promise<number> {
  const { reporterIds, username } = await resolveOpenReportsAbout(tx, memberId, adminId, note);
  for (const reporterId of reporterIds) {
    await notify(tx, {
      recipientId: reporterId,
      type: "report_resolved",
      actorId: adminId,
      subjectType: "user",
      subjectId: memberId,
      excerpt: username ?? "",
      detail: "suspended",
    });
  }
  return reporterIds.length;
}
