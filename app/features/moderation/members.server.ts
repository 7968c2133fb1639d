import { eq } from "drizzle-orm";
import { emailChanges, users } from "../../../db/schema";
import { notify } from "~/features/notifications/notify.server";
import { notificationText } from "~/features/notifications/rules";
import type { FormResult } from "~/lib/forms";
import { isSuspended, suspensionEndPhrase } from "~/lib/suspension";
import type { Viewer } from "~/services/access.server";
import { getDb, prepared } from "~/services/db.server";
import { endSessions } from "~/services/session.server";
import type { JobWriter } from "~/services/jobs.server";
import { queueMail } from "~/services/mail.server";
import { recordAdminAction } from "./audit.server";
import { auditEntriesAbout } from "./audit-log.server";
import { queueNoticeMail } from "./notice-mails.server";
import { resolveReportsOfMember } from "./reports.server";
import { UNTIL_IN_PAST, type MemberChange, type MemberSearch } from "./member-schemas";
import type { AdminMemberView, MemberDetail, MemberPage, RecentContent, ReportAboutMember } from "./member-wire";
import { ADMIN_PAGE_SIZE } from "./vocabulary";
import { refuse } from "~/lib/forms";

/**
 * The admin's members: the search, one member's record (their recent content, the reports about
 * them, what admins did to them), and the changes an admin makes: the verified mark, the author
 * type, the admin role and a suspension. Each change is one transaction with its audit rows.
 */

export const MEMBER_NOT_FOUND = "This member does not exist.";
export const CANNOT_SUSPEND_SELF = "You cannot suspend yourself.";
export const CANNOT_SUSPEND_ADMIN = "Revoke their admin role first.";
export const CANNOT_GRANT_SUSPENDED = "Lift their suspension first.";
export const LAST_ADMIN = "There must be at least one admin: make another member admin first.";
export const NOT_SUSPENDED = "This member is not suspended.";

type MemberRow = {
  id: number;
  username: string;
  email: string;
  role: "user" | "admin";
  authorType: AdminMemberView["author_type"];
  isVerified: number;
  suspendedAt: number | null;
  suspendedUntil: number | null;
  suspensionReason: string | null;
  createdAt: number;
  postsCount: number;
  openReportsCount: number;
};

const MEMBER_COLUMNS = `u.id, u.username, u.email, u.user_type AS role, u.author_type AS authorType, u.is_verified AS isVerified,
  u.suspended_at AS suspendedAt, u.suspended_until AS suspendedUntil, u.suspension_reason AS suspensionReason,
  u.created_at AS createdAt,
  (SELECT count(*) FROM posts p WHERE p.author_id = u.id) AS postsCount,
  (SELECT count(*) FROM reports r WHERE r.target_user_id = u.id AND r.state = 'open') AS openReportsCount`;

const iso = (ms: number) => new Date(ms).toISOString();

function memberView(row: MemberRow, now = Date.now()): AdminMemberView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    author_type: row.authorType,
    is_verified: row.isVerified === 1,
    suspended: isSuspended(row, now)
      ? {
          at: iso(row.suspendedAt!),
          until: row.suspendedUntil === null ? null : iso(row.suspendedUntil),
          reason: row.suspensionReason ?? "",
        }
      : null,
    created_at: iso(row.createdAt),
    posts_count: row.postsCount,
    open_reports_count: row.openReportsCount,
  };
}

/** `%` and `_` typed by an admin are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Members whose name or e-mail holds `search` (any case), newest first; deleted accounts are left out. */
export function searchMembers({ search, page }: MemberSearch): MemberPage {
  const where = search
    ? `WHERE u.deleted_at IS NULL AND (u.username LIKE @pattern ESCAPE '\\' OR u.email LIKE @pattern ESCAPE '\\')`
    : "WHERE u.deleted_at IS NULL";
  const params = { pattern: likePattern(search), limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE };
  const { total } = prepared(`SELECT count(*) AS total FROM users u ${where}`).get(params) as { total: number };
  const rows = prepared(
    `SELECT ${MEMBER_COLUMNS} FROM users u ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset`,
  ).all(params) as MemberRow[];
  const now = Date.now();
  return {
    users: rows.map((row) => memberView(row, now)),
    pagination: { page, limit: ADMIN_PAGE_SIZE, total, hasMore: page * ADMIN_PAGE_SIZE < total },
  };
}

function memberRow(id: number) {
  return prepared(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ? AND u.deleted_at IS NULL`).get(id) as
    MemberRow | undefined;
}

/** One member as the admin API shows them, or null for an unknown or deleted account. */
export function adminMemberView(id: number): AdminMemberView | null {
  const row = memberRow(id);
  return row ? memberView(row) : null;
}

const RECENT = 10;

function recentContent(id: number): RecentContent {
  const posts = prepared(
    `SELECT id, title, created_at AS createdAt, hidden_at AS hiddenAt FROM posts WHERE author_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ${RECENT}`,
  ).all(id) as { id: number; title: string; createdAt: number; hiddenAt: number | null }[];
  const comments = prepared(
    `SELECT id, post_id AS postId, substr(content, 1, 200) AS excerpt, created_at AS createdAt, hidden_at AS hiddenAt
     FROM post_comments WHERE author_id = ? ORDER BY created_at DESC, id DESC LIMIT ${RECENT}`,
  ).all(id) as { id: number; postId: number; excerpt: string; createdAt: number; hiddenAt: number | null }[];
  const listings = prepared(
    `SELECT id, title, status, created_at AS createdAt, hidden_at AS hiddenAt FROM listings WHERE seller_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ${RECENT}`,
  ).all(id) as { id: number; title: string; status: string; createdAt: number; hiddenAt: number | null }[];
  return {
    posts: posts.map((p) => ({ id: p.id, title: p.title, created_at: iso(p.createdAt), hidden: p.hiddenAt !== null })),
    comments: comments.map((c) => ({
      id: c.id,
      post_id: c.postId,
      excerpt: c.excerpt,
      created_at: iso(c.createdAt),
      hidden: c.hiddenAt !== null,
    })),
    listings: listings.map((l) => ({
      id: l.id,
      title: l.title,
      status: l.status,
      created_at: iso(l.createdAt),
      hidden: l.hiddenAt !== null,
    })),
  };
}

function reportsAbout(id: number): ReportAboutMember[] {
  const rows = prepared(
    `SELECT r.id, r.reporter_id AS reporterId, u.username AS reporterName, r.target_type AS targetType, r.target_id AS targetId,
       r.reason, r.note, r.state, r.created_at AS createdAt, r.resolved_at AS resolvedAt, r.resolution_note AS resolutionNote
     FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.target_user_id = ?
     ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
  ).all(id) as {
    id: number;
    reporterId: number;
    reporterName: string;
    targetType: ReportAboutMember["target_type"];
    targetId: number;
    reason: ReportAboutMember["reason"];
    note: string;
    state: ReportAboutMember["state"];
    createdAt: number;
    resolvedAt: number | null;
    resolutionNote: string | null;
  }[];
  return rows.map((r) => ({
    id: r.id,
    reporter: { id: r.reporterId, username: r.reporterName },
    target_type: r.targetType,
    target_id: r.targetId,
    reason: r.reason,
    note: r.note,
    state: r.state,
    created_at: iso(r.createdAt),
    resolved_at: r.resolvedAt === null ? null : iso(r.resolvedAt),
    resolution_note: r.resolutionNote,
  }));
}

/** A member's record for the admin: null for an unknown or deleted account. */
export function memberDetail(id: number): MemberDetail | null {
  const user = adminMemberView(id);
  if (!user) return null;
  return { user, recent_content: recentContent(id), reports: reportsAbout(id), audit: auditEntriesAbout("user", id) };
}

export type MemberChangeResult = FormResult<{ user: AdminMemberView }, { message: string }>;

/**
 * Admins who can act: they can sign in (the seeded sample author's password hash "!" matches no
 * password, so it never can), and are neither deleted nor suspended.
 */
const ACTING_ADMIN = `u.user_type = 'admin' AND u.password_hash <> '!' AND u.deleted_at IS NULL
  AND (u.suspended_at IS NULL OR u.suspended_until <= @now)`;

/**
 * Whether the member is an admin and no other admin can act, so that taking their role away or
 * deleting their account would leave the instance without one.
 */
export function isLastAdmin(memberId: number, now = Date.now()) {
  const row = prepared(
    `SELECT EXISTS (SELECT 1 FROM users WHERE id = @id AND user_type = 'admin') AS isAdmin,
       EXISTS (SELECT 1 FROM users u WHERE ${ACTING_ADMIN} AND u.id <> @id) AS othersAct`,
  ).get({ id: memberId, now }) as { isAdmin: number; othersAct: number };
  return row.isAdmin === 1 && row.othersAct === 0;
}

/**
 * Applies an admin's change to a member: only the fields that change are written, each with its
 * audit row, all in one transaction. A refusal writes nothing. The order of the checks makes the
 * member's final state hold the rules: no admin is suspended, nobody suspends themself, and there
 * is always an admin left.
 */
export function changeMember(admin: Viewer, memberId: number, change: MemberChange, now = new Date()): MemberChangeResult {
  const outcome = getDb().transaction(
    (tx) => {
      const member = memberRow(memberId);
      if (!member) return refuse("not-found", MEMBER_NOT_FOUND);
      const suspendedNow = isSuspended(member, now);
      const finalRole = change.role ?? member.role;
      const suspending = change.suspended !== undefined && change.suspended !== false ? change.suspended : null;
      const lifting = change.suspended === false && suspendedNow;
      const finalSuspended = suspending !== null || (suspendedNow && !lifting);

      if (suspending) {
        if (member.id === admin.id) return refuse("conflict", CANNOT_SUSPEND_SELF);
        if (finalRole === "admin") return refuse("conflict", CANNOT_SUSPEND_ADMIN);
        if (suspending.until !== null && suspending.until.getTime() <= now.getTime()) {
          return refuse("invalid", UNTIL_IN_PAST, { until: UNTIL_IN_PAST });
        }
      }
      if (change.role === "admin" && member.role !== "admin" && finalSuspended) {
        return refuse("conflict", CANNOT_GRANT_SUSPENDED);
      }
      // Lifting what is not there is a move the state forbids, not a silent success.
      if (change.suspended === false && !suspendedNow) return refuse("conflict", NOT_SUSPENDED);
      if (change.role === "user" && member.role === "admin" && isLastAdmin(member.id, now.getTime())) {
        return refuse("conflict", LAST_ADMIN);
      }

      const note = change.note;
      const audit = (action: Parameters<typeof recordAdminAction>[1]["action"], details?: Record<string, unknown>) =>
        recordAdminAction(tx, { adminId: admin.id, action, targetType: "user", targetId: member.id, note, details });

      if (change.is_verified !== undefined && change.is_verified !== (member.isVerified === 1)) {
        tx.update(users).set({ isVerified: change.is_verified }).where(eq(users.id, member.id)).run();
        audit(change.is_verified ? "verify" : "unverify");
      }
      if (change.author_type !== undefined && change.author_type !== member.authorType) {
        tx.update(users).set({ authorType: change.author_type }).where(eq(users.id, member.id)).run();
        audit("set_author_type", { from: member.authorType, to: change.author_type });
      }
      if (change.role !== undefined && change.role !== member.role) {
        tx.update(users).set({ userType: change.role }).where(eq(users.id, member.id)).run();
        audit(change.role === "admin" ? "grant_admin" : "revoke_admin");
      }
      if (lifting) {
        tx.update(users)
          .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
          .where(eq(users.id, member.id))
          .run();
        audit("unsuspend");
        tellSuspensionLifted(tx, admin, member.id, note);
      }
      if (suspending) {
        const sameAsNow =
          suspendedNow &&
          member.suspensionReason === suspending.reason &&
          member.suspendedUntil === (suspending.until?.getTime() ?? null);
        if (!sameAsNow) suspend(tx, admin, member, suspending, note, now);
      }
      return { ok: true as const };
    },
    { behavior: "immediate" },
  );
  if (!outcome.ok) return outcome;
  return { ok: true, message: "Saved.", user: adminMemberView(memberId)! };
}

/**
 * Suspends the member: every session ends in this transaction, and every waiting change of e-mail
 * (its link needs no session, so one mailed before would still change the address), the open
 * reports about them are resolved as "suspended" (their reporters told), and the member gets the
 * notice with its reason.
 */
function suspend(
  tx: JobWriter,
  admin: Viewer,
  member: MemberRow,
  { until, reason }: { until: Date | null; reason: string },
  note: string | undefined,
  now: Date,
) {
  tx.update(users)
    .set({ suspendedAt: now, suspendedUntil: until, suspensionReason: reason })
    .where(eq(users.id, member.id))
    .run();
  endSessions(tx, member.id, "suspended");
  tx.delete(emailChanges).where(eq(emailChanges.userId, member.id)).run();
  recordAdminAction(tx, {
    adminId: admin.id,
    action: "suspend",
    targetType: "user",
    targetId: member.id,
    note: note ?? reason,
    details: { until: until?.toISOString() ?? null, reason },
  });
  resolveReportsOfMember(tx, member.id, admin.id, note ?? reason);
  const untilMs = until?.getTime() ?? null;
  notify(
    tx,
    {
      recipientId: member.id,
      type: "account_suspended",
      actorId: admin.id,
      subjectType: "user",
      subjectId: member.id,
      excerpt: suspensionEndPhrase(untilMs),
      detail: reason,
    },
    {
      noticeMail: (recipient) =>
        queueMail(tx, { template: "account-suspended", to: recipient.email, name: recipient.username, until: untilMs, reason }),
    },
  );
}

/**
 * Tells the member an admin lifted their suspension: the notice and its mail, as a suspension is
 * told. A suspension that simply reaches its end is told nothing: the member was told that day
 * when they were suspended, and nothing happens at that moment to hang a notice on.
 */
function tellSuspensionLifted(tx: JobWriter, admin: Viewer, memberId: number, note: string | undefined) {
  const text = notificationText({ type: "account_restored", actorName: null, actors: 1, excerpt: "", subjectType: "user" });
  notify(
    tx,
    { recipientId: memberId, type: "account_restored", actorId: admin.id, subjectType: "user", subjectId: memberId, excerpt: "" },
    {
      noticeMail: (recipient) =>
        queueNoticeMail(tx, { to: recipient.email, name: recipient.username, text, reason: note ?? "", path: "/auth/login" }),
    },
  );
}
