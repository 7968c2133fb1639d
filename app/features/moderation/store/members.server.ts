import { and, eq, isNull } from "drizzle-orm";
import { emailChanges, users } from "../../../../db/schema";
import { type Db, getDb, statement } from "~/services/database/db.server";
import type { AdminMemberView, ReportAboutMember } from "../member-wire";

/** The members as admins search, read and change them. */

export type MemberRow = {
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

/** `%` and `_` typed by an admin are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Members whose name or e-mail holds `search` (any case), newest first, and how many; deleted accounts are left out. */
export async function memberRows(search: string, limit: number, offset: number): Promise<{ total: number; rows: MemberRow[] }> {
  const where = search
    ? `WHERE u.deleted_at IS NULL AND (u.username LIKE @pattern ESCAPE '\\' OR u.email LIKE @pattern ESCAPE '\\')`
    : "WHERE u.deleted_at IS NULL";
  const params = { pattern: likePattern(search), limit, offset };
  const { total } = (await statement(`SELECT count(*) AS total FROM users u ${where}`).get(params)) as { total: number };
  const rows = (await statement(
    `SELECT ${MEMBER_COLUMNS} FROM users u ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset`,
  ).all(params)) as MemberRow[];
  return { total, rows };
}

/** One member not deleted (inside the caller's transaction when it holds one: one connection). */
export async function memberRow(id: number): Promise<MemberRow | undefined> {
  return (await statement(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ? AND u.deleted_at IS NULL`).get(id)) as
    MemberRow | undefined;
}

/** The member's latest posts, comments and listings, `limit` of each, newest first. */
export async function recentContentRows(id: number, limit: number) {
  const posts = (await statement(
    `SELECT id, title, created_at AS createdAt, hidden_at AS hiddenAt FROM posts WHERE author_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  ).all(id)) as { id: number; title: string; createdAt: number; hiddenAt: number | null }[];
  const comments = (await statement(
    `SELECT id, post_id AS postId, substr(content, 1, 200) AS excerpt, created_at AS createdAt, hidden_at AS hiddenAt
     FROM post_comments WHERE author_id = ? ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  ).all(id)) as { id: number; postId: number; excerpt: string; createdAt: number; hiddenAt: number | null }[];
  const listings = (await statement(
    `SELECT id, title, status, created_at AS createdAt, hidden_at AS hiddenAt FROM listings WHERE seller_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  ).all(id)) as { id: number; title: string; status: string; createdAt: number; hiddenAt: number | null }[];
  return { posts, comments, listings };
}

/** The latest 50 reports about the member or their things, newest first. */
export async function reportRowsAbout(id: number) {
  return (await statement(
    `SELECT r.id, r.reporter_id AS reporterId, u.username AS reporterName, r.target_type AS targetType, r.target_id AS targetId,
       r.reason, r.note, r.state, r.created_at AS createdAt, r.resolved_at AS resolvedAt, r.resolution_note AS resolutionNote
     FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.target_user_id = ?
     ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
  ).all(id)) as {
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
}

/**
 * Admins who can act: they can sign in (the seeded sample author's password hash "!" matches no
 * password, so it never can), and are neither deleted nor suspended.
 */
const ACTING_ADMIN = `u.user_type = 'admin' AND u.password_hash <> '!' AND u.deleted_at IS NULL
  AND (u.suspended_at IS NULL OR u.suspended_until <= @now)`;

/** Whether the member is an admin, and whether another admin can act at `now`. */
export async function adminStanding(memberId: number, now: number) {
  const row = (await statement(
    `SELECT EXISTS (SELECT 1 FROM users WHERE id = @id AND user_type = 'admin') AS isAdmin,
       EXISTS (SELECT 1 FROM users u WHERE ${ACTING_ADMIN} AND u.id <> @id) AS othersAct`,
  ).get({ id: memberId, now })) as { isAdmin: number; othersAct: number };
  return { isAdmin: row.isAdmin === 1, othersAct: row.othersAct === 1 };
}

/** Writes what an admin changes of a member's standing: the verified mark, the author type, the role. */
export async function setMemberFields(
  tx: Db,
  memberId: number,
  fields: Partial<Pick<typeof users.$inferInsert, "isVerified" | "authorType" | "userType">>,
) {
  await tx.update(users).set(fields).where(eq(users.id, memberId)).run();
}

export async function liftSuspension(tx: Db, memberId: number) {
  await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
    .where(eq(users.id, memberId))
    .run();
}

/**
 * Suspends the member, and ends their waiting changes of e-mail (a link needs no session, so one
 * mailed before would still change the address).
 */
export async function suspendMember(
  tx: Db,
  memberId: number,
  { at, until, reason }: { at: Date; until: Date | null; reason: string },
) {
  await tx
    .update(users)
    .set({ suspendedAt: at, suspendedUntil: until, suspensionReason: reason })
    .where(eq(users.id, memberId))
    .run();
  await tx.delete(emailChanges).where(eq(emailChanges.userId, memberId)).run();
}

/** The member (not deleted) holding the address, as the operator's command line reads them. */
export async function liveMemberByEmail(email: string, db: Db = getDb()) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.userType,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .get();
}
