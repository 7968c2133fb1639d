import { and, eq } from "drizzle-orm";
import { reports } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { type AppDatabase, type Db, getDb, prepared } from "~/services/db.server";
import type { FormSuccess } from "~/lib/forms";
import { postVisibilityChanged, setCommentHidden, setPostHidden } from "~/features/community/store/hiding.server";
import { listingVisibilityChanged, setListingHidden } from "~/features/exchange/hiding.server";
import { notificationText, subjectPath } from "~/features/notifications/rules";
import { notify } from "~/features/notifications/notify.server";
import { recordAdminAction } from "./audit.server";
import { queueNoticeMail } from "./notice-mails.server";
import type { Refusal } from "./reports.server";
import { countReasons, excerptOf, resolveRefusal } from "./rules";
import type { HideableTarget, QueueQuery, ResolveValues } from "./schemas";
import { readThing, thingPath } from "./things.server";
import { ADMIN_PAGE_SIZE, TARGET_LABELS, type ReportReason, type ReportState, type ReportTarget } from "./vocabulary";
import type { QueuePage, ReportGroup } from "./wire";

/**
 * The admins' queue: members' reports grouped by the thing they are about (one group per thing and
 * state), and what admins do with a group: hide the thing or dismiss the reports, each with a note,
 * all of the thing's open reports at once; and restoring what was hidden. Every action writes its
 * audit row and its notices in the transaction that makes it.
 *
 * Order: the open tab lists the oldest open group first (first reported first), so nothing waits
 * forever behind newer reports; the resolved tabs list the latest resolved first.
 */

const refuse = (reason: Refusal["reason"], message: string): Refusal => ({ ok: false, reason, message, errors: {} });

type GroupKey = { targetType: ReportTarget; targetId: number };

type ReportRow = {
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

const iso = (ms: number) => new Date(ms).toISOString();

/** One thing's reports in one state, with the thing in context; null when it has none. */
function buildGroup(state: ReportState, key: GroupKey): ReportGroup | null {
  const rows = prepared(GROUP_REPORTS).all(state, key.targetType, key.targetId) as ReportRow[];
  if (!rows.length) return null;
  const newest = rows[rows.length - 1];
  const thing = readThing(key.targetType, key.targetId);
  const gone = !thing || thing.deleted;
  const lastResolved = rows.reduce<ReportRow | null>(
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
export function listReportGroups({ state, page }: QueueQuery): QueuePage {
  const limit = ADMIN_PAGE_SIZE;
  const total = (
    prepared("SELECT COUNT(*) AS n FROM (SELECT 1 FROM reports WHERE state = ? GROUP BY target_type, target_id)").get(state) as {
      n: number;
    }
  ).n;
  const order = state === "open" ? "MIN(created_at) ASC, MIN(id) ASC" : "MAX(resolved_at) DESC, MAX(id) DESC";
  const keys = prepared(
    `SELECT target_type AS targetType, target_id AS targetId FROM reports WHERE state = ?
     GROUP BY target_type, target_id ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(state, limit, (page - 1) * limit) as GroupKey[];
  const groups = keys.map((key) => buildGroup(state, key)).filter((group): group is ReportGroup => group !== null);
  return { reports: groups, pagination: { page, limit, total, hasMore: page * limit < total } };
}

/** The group a report belongs to now (its thing's reports in the report's state), or null for an unknown report. */
export function groupOfReport(reportId: number, db: AppDatabase = getDb()): ReportGroup | null {
  const report = db
    .select({ state: reports.state, targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.id, reportId))
    .get();
  return report ? buildGroup(report.state, report) : null;
}

export type ResolveOutcome = FormSuccess<{ message: string; report: ReportGroup }> | Refusal;

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Hides (or restores) a thing in the admin's transaction: its owner, title and post, or null when nothing changed. */
function setHidden(tx: Db, type: HideableTarget, id: number, hidden: boolean) {
  if (type === "post") return setPostHidden(tx, id, hidden);
  if (type === "comment") return setCommentHidden(tx, id, hidden);
  const row = setListingHidden(tx, id, hidden);
  return row ? { ...row, postId: 0 } : null;
}

/** After the transaction: the lists and figures kept in memory drop (or take back) the thing. */
function visibilityChanged(type: HideableTarget, id: number, postId: number) {
  if (type === "listing") listingVisibilityChanged();
  else postVisibilityChanged(type === "post" ? id : postId);
}

/** The notice to the author that moderators hid or restored their thing, with its mail. */
function noticeToAuthor(
  tx: Db,
  admin: Viewer,
  notice: "content_hidden" | "content_restored",
  thing: { type: HideableTarget; id: number; ownerId: number; title: string; postId: number },
  note: string,
) {
  const subjectId = thing.type === "comment" ? thing.postId : thing.id;
  const excerpt = excerptOf(thing.title, 200);
  notify(
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
export function resolveReports(
  admin: Viewer,
  reportId: number,
  values: ResolveValues,
  db: AppDatabase = getDb(),
): ResolveOutcome {
  const report = db.select().from(reports).where(eq(reports.id, reportId)).get();
  if (!report) return refuse("not-found", "This report does not exist.");
  let changed: { type: HideableTarget; id: number; postId: number } | null = null;
  try {
    db.transaction((tx) => {
      const current = tx.select({ state: reports.state }).from(reports).where(eq(reports.id, reportId)).get()!;
      const thing = readThing(report.targetType, report.targetId);
      const refusal = resolveRefusal({
        state: current.state,
        targetType: report.targetType,
        deleted: !thing || thing.deleted,
        action: values.action,
      });
      if (refusal) throw new Refused(refuse(refusal.reason, refusal.message));
      const outcome: ReportState = values.action === "hide" ? "hidden" : "dismissed";
      const resolved = tx
        .update(reports)
        .set({ state: outcome, resolvedBy: admin.id, resolvedAt: new Date(), resolutionNote: values.note })
        .where(and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.state, "open")))
        .returning({ reporterId: reports.reporterId })
        .all();
      if (!resolved.length) throw new Refused(refuse("conflict", "These reports are already resolved."));
      if (values.action === "hide" && report.targetType !== "user") {
        const type = report.targetType;
        // Null when it was hidden already (restored things are reported afresh): the reports still resolve as hidden.
        const hidden = setHidden(tx, type, report.targetId, true);
        if (hidden) {
          changed = { type, id: report.targetId, postId: hidden.postId };
          noticeToAuthor(tx, admin, "content_hidden", { type, id: report.targetId, ...hidden }, values.note);
        }
      }
      recordAdminAction(tx, {
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
        notify(tx, {
          recipientId: reporterId,
          type: "report_resolved",
          actorId: admin.id,
          subjectType: report.targetType,
          subjectId,
          excerpt,
          detail: outcome,
        });
      }
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  const done = changed as { type: HideableTarget; id: number; postId: number } | null;
  if (done) visibilityChanged(done.type, done.id, done.postId);
  const what = report.targetType === "user" ? "member" : TARGET_LABELS[report.targetType];
  return {
    ok: true,
    message: values.action === "hide" ? `The ${what} is hidden.` : "The reports are dismissed.",
    report: groupOfReport(reportId, db)!,
  };
}

export type RestoreOutcome = FormSuccess<{ message: string; restored: { type: HideableTarget; id: number } }> | Refusal;

/** Brings back a hidden post, comment or listing for everyone, tells its author and records it. */
export function restoreContent(
  admin: Viewer,
  type: HideableTarget,
  id: number,
  note: string,
  db: AppDatabase = getDb(),
): RestoreOutcome {
  let postId = 0;
  try {
    db.transaction((tx) => {
      const restored = setHidden(tx, type, id, false);
      if (!restored) {
        const thing = readThing(type, id);
        throw new Refused(
          thing
            ? refuse("conflict", `This ${TARGET_LABELS[type]} is not hidden.`)
            : refuse("not-found", `This ${TARGET_LABELS[type]} does not exist.`),
        );
      }
      postId = restored.postId;
      recordAdminAction(tx, { adminId: admin.id, action: "restore", targetType: type, targetId: id, note });
      noticeToAuthor(tx, admin, "content_restored", { type, id, ...restored }, note);
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  visibilityChanged(type, id, postId);
  return { ok: true, message: `The ${TARGET_LABELS[type]} is back for everyone.`, restored: { type, id } };
}
