import type { Viewer } from "~/services/access.server";
import { type AppDatabase, type Db, transaction } from "~/services/database/db.server";
import type { FormSuccess } from "~/lib/forms";
import { notificationText, subjectPath } from "~/features/notifications/rules";
import { notify } from "~/features/notifications/notify.server";
import { recordAdminAction } from "./store/audit.server";
import {
  countReportGroups,
  groupReports,
  reportById,
  reportGroupKeys,
  reportStateAndTarget,
  resolveOpenReportsOn,
  type GroupKey,
  type QueueReportRow,
} from "./store/queue.server";
import { queueNoticeMail } from "./notice-mails.server";
import type { Refusal } from "./reports.server";
import { countReasons, excerptOf, resolveRefusal } from "./rules";
import type { HideableTarget, QueueQuery, ResolveValues } from "./schemas";
import { moderatedThing, readThing, thingPath } from "./things.server";
import { ADMIN_PAGE_SIZE, TARGET_LABELS, type ReportState } from "./vocabulary";
import type { QueuePage, ReportGroup } from "./wire";
import { refuse } from "~/lib/forms";

/**
 * The admins' queue: members' reports grouped by the thing they are about (one group per thing and
 * state), and what admins do with a group: hide the thing or dismiss the reports, each with a note,
 * all of the thing's open reports at once; and restoring what was hidden. Every action writes its
 * audit row and its notices in the transaction that makes it.
 *
 * Order: the open tab lists the oldest open group first (first reported first), so nothing waits
 * forever behind newer reports; the resolved tabs list the latest resolved first.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** One thing's reports in one state, with the thing in context; null when it has none. */
async function buildGroup(state: ReportState, key: GroupKey): Promise<ReportGroup | null> {
  const rows = await groupReports(state, key);
  if (!rows.length) return null;
  const newest = rows[rows.length - 1];
  const thing = await readThing(key.targetType, key.targetId);
  const gone = !thing || thing.deleted;
  const lastResolved = rows.reduce<QueueReportRow | null>(
    (latest, row) => (row.resolvedAt !== null && (latest === null || row.resolvedAt >= (latest.resolvedAt ?? 0)) ? row : latest),
    null,
  );
  return {
    id: newest.id,
    target: {
      type: key.targetType,
      id: key.targetId,
      title: thing ? (key.targetType === "comment" ? excerptOf(thing.title, 120) : thing.title) : "",
      excerpt: thing && key.targetType !== "user" ? excerptOf(thing.body, 300) : "",
      url: thing ? thingPath(key.targetType, key.targetId, thing.post?.id) : null,
      author: { id: newest.targetUserId, username: newest.authorName },
      post: thing?.post ? { id: thing.post.id, title: thing.post.title } : null,
      hidden: thing?.hiddenAt !== null && thing?.hiddenAt !== undefined,
      deleted: gone,
    },
    count: rows.length,
    reasons: countReasons(rows.map((row) => row.reason)),
    notes: rows.map((row) => ({
      reporter: { id: row.reporterId, username: row.reporterName },
      reason: row.reason,
      note: row.note,
      created_at: iso(row.createdAt),
    })),
    first_reported_at: iso(rows[0].createdAt),
    last_reported_at: iso(newest.createdAt),
    state,
    resolution:
      lastResolved && lastResolved.resolvedAt !== null
        ? {
            by:
              lastResolved.resolvedBy !== null
                ? { id: lastResolved.resolvedBy, username: lastResolved.resolverName ?? "" }
                : null,
            at: iso(lastResolved.resolvedAt),
            note: lastResolved.resolutionNote ?? "",
          }
        : null,
  };
}

/** A page of one state's groups, with how many there are. */
export async function listReportGroups({ state, page }: QueueQuery): Promise<QueuePage> {
  const limit = ADMIN_PAGE_SIZE;
  const total = await countReportGroups(state);
  const keys = await reportGroupKeys(state, limit, (page - 1) * limit);
  const groups: ReportGroup[] = [];
  for (const key of keys) {
    const group = await buildGroup(state, key);
    if (group) groups.push(group);
  }
  return { reports: groups, pagination: { page, limit, total, hasMore: page * limit < total } };
}

/** The group a report belongs to now (its thing's reports in the report's state), or null for an unknown report. */
export async function groupOfReport(reportId: number, db?: AppDatabase): Promise<ReportGroup | null> {
  const report = await reportStateAndTarget(reportId, db);
  return report ? buildGroup(report.state, report) : null;
}

export type ResolveOutcome = FormSuccess<{ message: string; report: ReportGroup }> | Refusal;

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Hides (or restores) a thing in the admin's transaction: its owner, title and post, or null when nothing changed. */
async function setHidden(tx: Db, type: HideableTarget, id: number, hidden: boolean) {
  const { setHidden: hide } = moderatedThing(type);
  if (!hide) throw new Error(`No feature lets moderators hide a ${type}.`);
  return hide(tx, id, hidden);
}

/** After the transaction: the lists and figures kept in memory drop (or take back) the thing. */
async function visibilityChanged(type: HideableTarget, id: number, postId: number) {
  await moderatedThing(type).visibilityChanged?.(id, postId);
}

/** The notice to the author that moderators hid or restored their thing, with its mail. */
async function noticeToAuthor(
  tx: Db,
  admin: Viewer,
  notice: "content_hidden" | "content_restored",
  thing: { type: HideableTarget; id: number; ownerId: number; title: string; postId: number },
  note: string,
) {
  const subjectId = thing.type === "comment" ? thing.postId : thing.id;
  const excerpt = excerptOf(thing.title, 200);
  await notify(
    tx,
    {
      recipientId: thing.ownerId,
      type: notice,
      actorId: admin.id,
      subjectType: thing.type,
      subjectId,
      excerpt,
      detail: notice === "content_hidden" ? note : undefined,
    },
    {
      noticeMail: (recipient) =>
        queueNoticeMail(tx, {
          to: recipient.email,
          name: recipient.username,
          text: notificationText({ type: notice, actorName: null, actors: 1, excerpt, subjectType: thing.type }),
          reason: note,
          path: subjectPath(thing.type, subjectId),
        }),
    },
  );
}

/**
 * Resolves every open report of the thing `reportId` is about, at once: hide hides the thing and
 * tells its author; dismiss leaves it up. Each reporter is told the outcome; the audit log records
 * the action with the note.
 */
export async function resolveReports(
  admin: Viewer,
  reportId: number,
  values: ResolveValues,
  db?: AppDatabase,
): Promise<ResolveOutcome> {
  const report = await reportById(reportId, db);
  if (!report) return refuse("not-found", "This report does not exist.");
  let changed: { type: HideableTarget; id: number; postId: number } | null = null;
  try {
    await transaction(async (tx) => {
      const current = (await reportStateAndTarget(reportId, tx))!;
      const thing = await readThing(report.targetType, report.targetId);
      const refusal = resolveRefusal({
        state: current.state,
        targetType: report.targetType,
        deleted: !thing || thing.deleted,
        action: values.action,
      });
      if (refusal) throw new Refused(refuse(refusal.reason, refusal.message));
      const outcome: ReportState = values.action === "hide" ? "hidden" : "dismissed";
      const resolved = await resolveOpenReportsOn(tx, report, { state: outcome, adminId: admin.id, note: values.note });
      if (!resolved.length) throw new Refused(refuse("conflict", "These reports are already resolved."));
      if (values.action === "hide" && report.targetType !== "user" && report.targetType !== "enquiry_message") {
        const type = report.targetType;
        // Null when it was hidden already (restored things are reported afresh): the reports still resolve as hidden.
        const hidden = await setHidden(tx, type, report.targetId, true);
        if (hidden) {
          changed = { type, id: report.targetId, postId: hidden.postId };
          await noticeToAuthor(tx, admin, "content_hidden", { type, id: report.targetId, ...hidden }, values.note);
        }
      }
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: values.action,
        targetType: report.targetType,
        targetId: report.targetId,
        note: values.note,
        details: { reports: resolved.length },
      });
      const excerpt = thing ? excerptOf(thing.title, 200) : "";
      const subjectId = report.targetType === "comment" ? (thing?.post?.id ?? 0) : report.targetId;
      for (const { reporterId } of resolved) {
        await notify(tx, {
          recipientId: reporterId,
          type: "report_resolved",
          actorId: admin.id,
          subjectType: report.targetType,
          subjectId,
          excerpt,
          detail: outcome,
        });
      }
    }, db);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  const done = changed as { type: HideableTarget; id: number; postId: number } | null;
  if (done) await visibilityChanged(done.type, done.id, done.postId);
  const what = report.targetType === "user" ? "member" : TARGET_LABELS[report.targetType];
  return {
    ok: true,
    message: values.action === "hide" ? `The ${what} is hidden.` : "The reports are dismissed.",
    report: (await groupOfReport(reportId, db))!,
  };
}

export type RestoreOutcome = FormSuccess<{ message: string; restored: { type: HideableTarget; id: number } }> | Refusal;

/** Brings back a hidden post, comment or listing for everyone, tells its author and records it. */
export async function restoreContent(
  admin: Viewer,
  type: HideableTarget,
  id: number,
  note: string,
  db?: AppDatabase,
): Promise<RestoreOutcome> {
  let postId = 0;
  try {
    await transaction(async (tx) => {
      const restored = await setHidden(tx, type, id, false);
      if (!restored) {
        const thing = await readThing(type, id);
        throw new Refused(
          thing
            ? refuse("conflict", `This ${TARGET_LABELS[type]} is not hidden.`)
            : refuse("not-found", `This ${TARGET_LABELS[type]} does not exist.`),
        );
      }
      postId = restored.postId;
      await recordAdminAction(tx, { adminId: admin.id, action: "restore", targetType: type, targetId: id, note });
      await noticeToAuthor(tx, admin, "content_restored", { type, id, ...restored }, note);
    }, db);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  await visibilityChanged(type, id, postId);
  return { ok: true, message: `The ${TARGET_LABELS[type]} is back for everyone.`, restored: { type, id } };
}
