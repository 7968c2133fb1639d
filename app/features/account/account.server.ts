import { and, desc, eq, gt, ne } from "drizzle-orm";
import { emailChanges, passwordResetTokens, sessions, users } from "../../../db/schema";
import { passwordBusyRefusal, RESET_TOKEN_TTL_MS, type AuthFailure, type AuthOutcome } from "~/features/auth/auth.server";
import { COMMON_PASSWORD, isCommonPassword } from "~/features/auth/common-passwords.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { getDb, prepared } from "~/services/db.server";
import { hashLinkToken, unsentTokenHash } from "~/services/link-token.server";
import {
  authRateLimits,
  checkAuthRateLimit,
  consumeRateLimit,
  retryMessage,
  type AuthAction,
} from "~/services/rate-limit.server";
import { endSessions, getCurrentSession, requireUser, type SessionUser } from "~/services/session.server";
import { queueAccountMail } from "./account-mails.server";
import {
  EMAIL_UNAVAILABLE,
  INVALID_EMAIL_LINK,
  SAME_EMAIL,
  SAME_PASSWORD,
  SESSION_ID_PATTERN,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
} from "./schemas";
import type { SessionView } from "./wire";
import { refuse } from "~/lib/forms";

/**
 * A signed-in member's own account: their password, their e-mail address and their sessions.
 * Every change that needs the password is rate limited like signing in, per client address, per
 * member from that address and per member overall, and counts whether the password was right or
 * not (these changes are rare; a stolen session must not try passwords faster than a sign-in).
 */

/** The member and the session the request came with. */
export type AccountCaller = { sessionId: string; user: SessionUser };

/** Counts an attempt at a password-checked change; the refusal says how long to wait. */
export function countAccountAttempt(
  action: Extract<AuthAction, "changePassword" | "changeEmail" | "deleteAccount">,
  address: string,
  userId: number,
): { ok: true } | AuthFailure {
  const member = consumeRateLimit(`${action}:member:${userId}`, authRateLimits[action].perAccount);
  if (!member.allowed)
    return { ...refuse("rate-limited", retryMessage(member.retryAfterSeconds)), retryAfterSeconds: member.retryAfterSeconds };
  const verdict = checkAuthRateLimit(action, address, `member:${userId}`);
  if (verdict.allowed) return { ok: true };
  member.release();
  return { ...refuse("rate-limited", retryMessage(verdict.retryAfterSeconds)), retryAfterSeconds: verdict.retryAfterSeconds };
}

/**
 * Whether `password` is the member's (a deleted or unknown account has none), or the refusal when
 * the password threads have no room for the check now.
 */
export async function isMembersPassword(userId: number, password: string, address: string): Promise<boolean | AuthFailure> {
  const row = getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return verifyPassword(password, row?.passwordHash ?? "!", address).catch(passwordBusyRefusal);
}

/**
 * Sets a new password once the current one is proven; every other session of the member ends
 * (the caller's stays signed in), any reset link dies, and a mail tells the member.
 */
export async function changePassword(
  caller: AccountCaller,
  input: { current_password: string; new_password: string },
  address: string,
): Promise<AuthOutcome<{ message: string; sessionsEnded: number }>> {
  const attempt = countAccountAttempt("changePassword", address, caller.user.id);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(caller.user.id, input.current_password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return refuse("invalid", WRONG_CURRENT_PASSWORD, { current_password: WRONG_CURRENT_PASSWORD });
  if (input.new_password === input.current_password) return refuse("invalid", SAME_PASSWORD, { new_password: SAME_PASSWORD });
  if (await isCommonPassword(input.new_password)) return refuse("invalid", COMMON_PASSWORD, { new_password: COMMON_PASSWORD });
  const passwordHash = await hashPassword(input.new_password, address).catch(passwordBusyRefusal);
  if (typeof passwordHash === "object") return passwordHash;
  const { id } = caller.user;
  const ended = getDb().transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, id)).get();
      if (!user || user.deletedAt) return null;
      tx.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
      const changes = endSessions(tx, id, "password-changed", { except: caller.sessionId });
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
      // A change of e-mail asked for by whoever had the old password dies with it.
      tx.delete(emailChanges).where(eq(emailChanges.userId, id)).run();
      queueAccountMail(tx, { template: "password-changed", to: user.email, name: user.username });
      return changes;
    },
    { behavior: "immediate" },
  );
  if (ended === null) return refuse("not-found", "This account no longer exists.");
  const others =
    ended === 0 ? "" : ended === 1 ? " Your other session was signed out." : ` Your ${ended} other sessions were signed out.`;
  return { ok: true, message: `Your password was changed.${others}`, sessionsEnded: ended };
}

/** Whether another account holds `email` (a deleted one holds none: its address was freed). */
const emailTakenByOther = (db: Pick<ReturnType<typeof getDb>, "select">, email: string, userId: number) =>
  Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .get(),
  );

/**
 * Asks for a new e-mail address: with the password proven, a single-use link (15 minutes, like a
 * reset link) goes to the new address and the old one is told; nothing changes until the link is
 * opened. An earlier pending change is replaced. An address another account holds is refused
 * without saying whose: registration already tells whether an address has an account, and this
 * asks the password of a signed-in member besides, under a tighter limit.
 */
export async function requestEmailChange(
  caller: AccountCaller,
  input: { email: string; password: string },
  address: string,
): Promise<AuthOutcome<{ message: string }>> {
  const attempt = countAccountAttempt("changeEmail", address, caller.user.id);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(caller.user.id, input.password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return refuse("invalid", WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const db = getDb();
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  const refusal = db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, caller.user.id)).get();
      if (!user || user.deletedAt) return refuse("not-found", "This account no longer exists.");
      if (user.email === input.email) return refuse("invalid", SAME_EMAIL, { email: SAME_EMAIL });
      if (emailTakenByOther(tx, input.email, user.id)) return refuse("conflict", EMAIL_UNAVAILABLE, { email: EMAIL_UNAVAILABLE });
      tx.delete(emailChanges).where(eq(emailChanges.userId, user.id)).run();
      // The link's token is made when its mail is sent (account-mails.server.ts).
      const { id: changeId } = tx
        .insert(emailChanges)
        .values({ userId: user.id, newEmail: input.email, tokenHash: unsentTokenHash(), expiresAt })
        .returning({ id: emailChanges.id })
        .get();
      queueAccountMail(tx, {
        template: "email-confirm",
        to: input.email,
        name: user.username,
        changeId,
        expiresAt: expiresAt.getTime(),
      });
      queueAccountMail(tx, { template: "email-change-requested", to: user.email, name: user.username, newEmail: input.email });
      return null;
    },
    { behavior: "immediate" },
  );
  if (refusal) return refusal;
  return {
    ok: true,
    message: `We sent a link to ${input.email}. Open it within 15 minutes to use that address; until then your address stays as it is.`,
  };
}

/**
 * Opens an e-mail confirmation link: the change is made once, while the link lives and the new
 * address is still free. Deleting the pending row is what uses the link, so of two racing opens
 * one changes the address. Works signed out: the link itself is the proof.
 */
export function confirmEmailChange(token: string): AuthOutcome<{ message: string; email: string }> {
  const invalid = refuse("invalid-link", INVALID_EMAIL_LINK, { token: INVALID_EMAIL_LINK });
  const db = getDb();
  try {
    return db.transaction(
      (tx) => {
        const now = new Date();
        const found = tx
          .select()
          .from(emailChanges)
          .where(and(eq(emailChanges.tokenHash, hashLinkToken(token)), gt(emailChanges.expiresAt, now)))
          .get();
        if (!found) return invalid;
        tx.delete(emailChanges).where(eq(emailChanges.userId, found.userId)).run();
        const user = tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, found.userId)).get();
        if (!user || user.deletedAt) return invalid;
        if (emailTakenByOther(tx, found.newEmail, found.userId)) {
          return refuse(
            "conflict",
            `${found.newEmail} is now used by another account, so it cannot be yours. Please choose another.`,
          );
        }
        tx.update(users).set({ email: found.newEmail }).where(eq(users.id, found.userId)).run();
        // A reset link mailed to the old address must not outlive the change.
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, found.userId)).run();
        return { ok: true as const, email: found.newEmail, message: `Your e-mail address is now ${found.newEmail}.` };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // An account registered with the address between the check and the update: the unique index decides.
    if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") {
      return refuse("conflict", "This address is now used by another account, so it cannot be yours. Please choose another.");
    }
    throw error;
  }
}

/**
 * The address a confirmation link would make the member's, changing nothing: the page the link
 * opens asks before it confirms (mail scanners open links). Null for a used, expired or forged
 * link, or a deleted account's.
 */
export function emailChangeOfLink(token: string): { newEmail: string } | null {
  const row = getDb()
    .select({ newEmail: emailChanges.newEmail, deletedAt: users.deletedAt })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(and(eq(emailChanges.tokenHash, hashLinkToken(token)), gt(emailChanges.expiresAt, new Date())))
    .get();
  return row && row.deletedAt === null ? { newEmail: row.newEmail } : null;
}

/** The member's pending e-mail change, if a link is still waiting to be opened. */
export function pendingEmailChange(userId: number) {
  const row = getDb()
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())))
    .get();
  return row ? { new_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
}

/** The member's live sessions, newest first, the caller's marked `current`. */
export function listSessions(caller: AccountCaller): SessionView[] {
  return getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, caller.user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .all()
    .map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt?.toISOString() ?? null,
      user_agent: session.userAgent,
      current: session.id === caller.sessionId,
    }));
}

const NO_SUCH_SESSION = "This session does not exist or has already ended.";

/** Ends one of the member's sessions (the caller's own is signing out); another member's answers like a missing one. */
export function endSession(caller: AccountCaller, sessionId: string): AuthOutcome<{ message: string; current: boolean }> {
  if (!SESSION_ID_PATTERN.test(sessionId)) return refuse("not-found", NO_SUCH_SESSION);
  const current = sessionId === caller.sessionId;
  // Another device is told it was signed out from elsewhere; the caller's own is just signing out.
  const changes = current
    ? getDb()
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, caller.user.id)))
        .run().changes
    : endSessions(getDb(), caller.user.id, "ended-elsewhere", { only: sessionId });
  if (changes !== 1) return refuse("not-found", NO_SUCH_SESSION);
  return { ok: true, current, message: current ? "You are signed out." : "The session was ended." };
}

/** Ends every session of the member but the caller's. */
export function endOtherSessions(caller: AccountCaller): { ok: true; message: string; ended: number } {
  const changes = getDb().transaction((tx) => {
    // Ending the others is what a member does on a change they did not ask for: a waiting change
    // of e-mail, which another session may have asked for, ends too.
    tx.delete(emailChanges).where(eq(emailChanges.userId, caller.user.id)).run();
    return endSessions(tx, caller.user.id, "signed-out-everywhere", { except: caller.sessionId });
  });
  const message =
    changes === 0
      ? "No other session was signed in."
      : changes === 1
        ? "1 other session was ended."
        : `${changes} other sessions were ended.`;
  return { ok: true, message, ended: changes };
}

/**
 * Whether the caller is on their first visit: they were active on no day (UTC) before the day
 * their session was opened. Ended sessions are deleted, so the days a member signed in or wrote
 * something (activity_days) are what the database remembers of earlier visits; the registration
 * page does not sign in, so the first sign-in after it is a first visit too. Only the days from
 * the account's creation are read, a short range of the table's key for nearly every member.
 */
export function isFirstVisit({ sessionId, userId }: { sessionId: string; userId: number }): boolean {
  const row = prepared(
    `SELECT EXISTS (
       SELECT 1 FROM activity_days a
       WHERE a.day >= date(u.created_at / 1000, 'unixepoch') AND a.day < date(s.created_at / 1000, 'unixepoch')
         AND a.user_id = u.id
     ) AS returned
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ?`,
  ).get(sessionId, userId) as { returned: number } | undefined;
  return row?.returned === 0;
}

/** How the member is greeted after signing in and on the dashboard: "back" only when they are. */
export const welcomeOf = (session: { sessionId: string; userId: number }) => (isFirstVisit(session) ? "Welcome" : "Welcome back");

/** The signed-in member and their session, for the settings pages; a visitor is sent to sign in. */
export async function requireAccountCaller(request: Request): Promise<AccountCaller> {
  const session = await getCurrentSession(request);
  if (session) return session;
  await requireUser(request);
  throw new Error("requireUser lets no visitor through");
}
