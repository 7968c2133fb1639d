import { notify } from "~/features/notifications/notify.server";
import { notificationText } from "~/features/notifications/rules";
import type { FormResult } from "~/lib/forms";
import { isSuspended, suspensionEndPhrase } from "~/lib/suspension";
import type { Viewer } from "~/services/access.server";
import { type Db, transaction } from "~/services/database/db.server";
import { endSessions } from "~/services/session.server";
import { queueMail } from "~/services/mail.server";
import { auditEntriesAbout } from "./audit-log.server";
import { queueNoticeMail } from "./notice-mails.server";
import { resolveReportsOfMember } from "./reports.server";
import { UNTIL_IN_PAST, type MemberChange, type MemberSearch } from "./member-schemas";
import type { AdminMemberView, MemberDetail, MemberPage, RecentContent, ReportAboutMember } from "./member-wire";
import { recordAdminAction } from "./store/audit.server";
import {
  adminStanding,
  liftSuspension,
  memberRow,
  memberRows,
  recentContentRows,
  reportRowsAbout,
  setMemberFields,
  suspendMember,
  type MemberRow,
} from "./store/members.server";
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

/** Members whose name or e-mail holds `search` (any case), newest first; deleted accounts are left out. */
export async function searchMembers({ search, page }: MemberSearch): Promise<MemberPage> {
  const { total, rows } = await memberRows(search, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  const now = Date.now();
  return {
    users: rows.map((row) => memberView(row, now)),
    pagination: { page, limit: ADMIN_PAGE_SIZE, total, hasMore: page * ADMIN_PAGE_SIZE < total },
  };
}

/** One member as the admin API shows them, or null for an unknown or deleted account. */
export async function adminMemberView(id: number): Promise<AdminMemberView | null> {
  const row = await memberRow(id);
  return row ? memberView(row) : null;
}

const RECENT = 10;

async function recentContent(id: number): Promise<RecentContent> {
  const { posts, comments, listings } = await recentContentRows(id, RECENT);
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

async function reportsAbout(id: number): Promise<ReportAboutMember[]> {
  const rows = await reportRowsAbout(id);
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
export async function memberDetail(id: number): Promise<MemberDetail | null> {
  const user = await adminMemberView(id);
  if (!user) return null;
  return {
    user,
    recent_content: await recentContent(id),
    reports: await reportsAbout(id),
    audit: await auditEntriesAbout("user", id),
  };
}

export type MemberChangeResult = FormResult<{ user: AdminMemberView }, { message: string }>;

/**
 * Whether the member is an admin and no other admin can act, so that taking their role away or
 * deleting their account would leave the instance without one.
 */
export async function isLastAdmin(memberId: number, now = Date.now()) {
  const { isAdmin, othersAct } = await adminStanding(memberId, now);
  return isAdmin && !othersAct;
}

/**
 * Applies an admin's change to a member: only the fields that change are written, each with its
 * audit row, all in one transaction. A refusal writes nothing. The order of the checks makes the
 * member's final state hold the rules: no admin is suspended, nobody suspends themself, and there
 * is always an admin left.
 */
export async function changeMember(
  admin: Viewer,
  memberId: number,
  change: MemberChange,
  now = new Date(),
): Promise<MemberChangeResult> {
  const outcome = await transaction(async (tx) => {
    const member = await memberRow(memberId);
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
    if (change.role === "user" && member.role === "admin" && (await isLastAdmin(member.id, now.getTime()))) {
      return refuse("conflict", LAST_ADMIN);
    }

    const note = change.note;
    const audit = async (action: Parameters<typeof recordAdminAction>[1]["action"], details?: Record<string, unknown>) =>
      recordAdminAction(tx, { adminId: admin.id, action, targetType: "user", targetId: member.id, note, details });

    if (change.is_verified !== undefined && change.is_verified !== (member.isVerified === 1)) {
      await setMemberFields(tx, member.id, { isVerified: change.is_verified });
      await audit(change.is_verified ? "verify" : "unverify");
    }
    if (change.author_type !== undefined && change.author_type !== member.authorType) {
      await setMemberFields(tx, member.id, { authorType: change.author_type });
      await audit("set_author_type", { from: member.authorType, to: change.author_type });
    }
    if (change.role !== undefined && change.role !== member.role) {
      await setMemberFields(tx, member.id, { userType: change.role });
      await audit(change.role === "admin" ? "grant_admin" : "revoke_admin");
    }
    if (lifting) {
      await liftSuspension(tx, member.id);
      await audit("unsuspend");
      await tellSuspensionLifted(tx, admin, member.id, note);
    }
    if (suspending) {
      const sameAsNow =
        suspendedNow &&
        member.suspensionReason === suspending.reason &&
        member.suspendedUntil === (suspending.until?.getTime() ?? null);
      if (!sameAsNow) await suspend(tx, admin, member, suspending, note, now);
    }
    return { ok: true as const };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, message: "Saved.", user: (await adminMemberView(memberId))! };
}

/**
 * Suspends the member: every session ends in this transaction, and every waiting change of e-mail
 * (its link needs no session, so one mailed before would still change the address), the open
 * reports about them are resolved as "suspended" (their reporters told), and the member gets the
 * notice with its reason.
 */
async function suspend(
  tx: Db,
  admin: Viewer,
  member: MemberRow,
  { until, reason }: { until: Date | null; reason: string },
  note: string | undefined,
  now: Date,
) {
  await suspendMember(tx, member.id, { at: now, until, reason });
  await endSessions(tx, member.id, "suspended");
  await recordAdminAction(tx, {
    adminId: admin.id,
    action: "suspend",
    targetType: "user",
    targetId: member.id,
    note: note ?? reason,
    details: { until: until?.toISOString() ?? null, reason },
  });
  await resolveReportsOfMember(tx, member.id, admin.id, note ?? reason);
  const untilMs = until?.getTime() ?? null;
  await notify(
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
async function tellSuspensionLifted(tx: Db, admin: Viewer, memberId: number, note: string | undefined) {
  const text = notificationText({ type: "account_restored", actorName: null, actors: 1, excerpt: "", subjectType: "user" });
  await notify(
    tx,
    { recipientId: memberId, type: "account_restored", actorId: admin.id, subjectType: "user", subjectId: memberId, excerpt: "" },
    {
      noticeMail: (recipient) =>
        queueNoticeMail(tx, { to: recipient.email, name: recipient.username, text, reason: note ?? "", path: "/auth/login" }),
    },
  );
}
