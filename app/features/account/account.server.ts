import { passwordBusyRefusal, RESET_TOKEN_TTL_MS, type AuthFailure, type AuthOutcome } from "~/features/auth/auth.server";
import { COMMON_PASSWORD, isCommonPassword } from "~/features/auth/common-passwords.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { memberById, setPasswordHash } from "~/features/auth/store/members.server";
import { dropPasswordProofs } from "~/features/auth/store/reset-tokens.server";
import { transaction } from "~/services/database/db.server";
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
  deleteEmailChangesOf,
  emailChangeOfToken,
  emailTakenByOther,
  liveEmailChange,
  pendingEmailChangeOf,
  replaceEmailChange,
  setMemberEmail,
} from "./store/email-changes.server";
import { activeBeforeSession, deleteSessionOf, liveSessionsOf } from "./store/sessions.server";
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
export async function countAccountAttempt(
  action: Extract<AuthAction, "changePassword" | "changeEmail" | "deleteAccount">,
  address: string,
  userId: number,
): Promise<{ ok: true } | AuthFailure> {
  const member = await consumeRateLimit(`${action}:member:${userId}`, authRateLimits[action].perAccount);
  if (!member.allowed)
    return { ...refuse("rate-limited", retryMessage(member.retryAfterSeconds)), retryAfterSeconds: member.retryAfterSeconds };
  const verdict = await checkAuthRateLimit(action, address, `member:${userId}`);
  if (verdict.allowed) return { ok: true };
  await member.release();
  return { ...refuse("rate-limited", retryMessage(verdict.retryAfterSeconds)), retryAfterSeconds: verdict.retryAfterSeconds };
}

/**
 * Whether `password` is the member's (a deleted or unknown account has none), or the refusal when
 * the password threads have no room for the check now.
 */
export async function isMembersPassword(userId: number, password: string, address: string): Promise<boolean | AuthFailure> {
  const row = await memberById(userId);
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
  const attempt = await countAccountAttempt("changePassword", address, caller.user.id);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(caller.user.id, input.current_password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return refuse("invalid", WRONG_CURRENT_PASSWORD, { current_password: WRONG_CURRENT_PASSWORD });
  if (input.new_password === input.current_password) return refuse("invalid", SAME_PASSWORD, { new_password: SAME_PASSWORD });
  if (await isCommonPassword(input.new_password)) return refuse("invalid", COMMON_PASSWORD, { new_password: COMMON_PASSWORD });
  const passwordHash = await hashPassword(input.new_password, address).catch(passwordBusyRefusal);
  if (typeof passwordHash === "object") return passwordHash;
  const { id } = caller.user;
  const ended = await transaction(async (tx) => {
    const user = await memberById(id, tx);
    if (!user || user.deletedAt) return null;
    await setPasswordHash(tx, id, passwordHash);
    const changes = await endSessions(tx, id, "password-changed", { except: caller.sessionId });
    // Reset links, and a change of e-mail asked for by whoever had the old password, die with it.
    await dropPasswordProofs(tx, id);
    await queueAccountMail(tx, { template: "password-changed", to: user.email, name: user.username });
    return changes;
  });
  if (ended === null) return refuse("not-found", "This account no longer exists.");
  const others =
    ended === 0 ? "" : ended === 1 ? " Your other session was signed out." : ` Your ${ended} other sessions were signed out.`;
  return { ok: true, message: `Your password was changed.${others}`, sessionsEnded: ended };
}

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
  const attempt = await countAccountAttempt("changeEmail", address, caller.user.id);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(caller.user.id, input.password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return refuse("invalid", WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  const refusal = await transaction(async (tx) => {
    const user = await memberById(caller.user.id, tx);
    if (!user || user.deletedAt) return refuse("not-found", "This account no longer exists.");
    if (user.email === input.email) return refuse("invalid", SAME_EMAIL, { email: SAME_EMAIL });
    if (await emailTakenByOther(input.email, user.id, tx)) {
      return refuse("conflict", EMAIL_UNAVAILABLE, { email: EMAIL_UNAVAILABLE });
    }
    // The link's token is made when its mail is sent (account-mails.server.ts).
    const changeId = await replaceEmailChange(tx, {
      userId: user.id,
      newEmail: input.email,
      tokenHash: unsentTokenHash(),
      expiresAt,
    });
    await queueAccountMail(tx, {
      template: "email-confirm",
      to: input.email,
      name: user.username,
      changeId,
      expiresAt: expiresAt.getTime(),
    });
    await queueAccountMail(tx, {
      template: "email-change-requested",
      to: user.email,
      name: user.username,
      newEmail: input.email,
    });
    return null;
  });
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
export async function confirmEmailChange(token: string): Promise<AuthOutcome<{ message: string; email: string }>> {
  const invalid = refuse("invalid-link", INVALID_EMAIL_LINK, { token: INVALID_EMAIL_LINK });
  try {
    return await transaction(async (tx) => {
      const found = await liveEmailChange(hashLinkToken(token), tx);
      if (!found) return invalid;
      await deleteEmailChangesOf(tx, found.userId);
      const user = await memberById(found.userId, tx);
      if (!user || user.deletedAt) return invalid;
      if (await emailTakenByOther(found.newEmail, found.userId, tx)) {
        return refuse(
          "conflict",
          `${found.newEmail} is now used by another account, so it cannot be yours. Please choose another.`,
        );
      }
      // A reset link mailed to the old address must not outlive the change (setMemberEmail ends them).
      if (!(await setMemberEmail(tx, found.userId, found.newEmail))) throw new AddressTakenMeanwhile();
      return { ok: true as const, email: found.newEmail, message: `Your e-mail address is now ${found.newEmail}.` };
    });
  } catch (error) {
    // An account registered with the address between the check and the update: nothing changes.
    if (error instanceof AddressTakenMeanwhile) {
      return refuse("conflict", "This address is now used by another account, so it cannot be yours. Please choose another.");
    }
    throw error;
  }
}

/** Rolls the confirmation back when another account took the address between the check and the update. */
class AddressTakenMeanwhile extends Error {}

/**
 * The address a confirmation link would make the member's, changing nothing: the page the link
 * opens asks before it confirms (mail scanners open links). Null for a used, expired or forged
 * link, or a deleted account's.
 */
export async function emailChangeOfLink(token: string): Promise<{ newEmail: string } | null> {
  const row = await emailChangeOfToken(hashLinkToken(token));
  return row && row.deletedAt === null ? { newEmail: row.newEmail } : null;
}

/** The member's pending e-mail change, if a link is still waiting to be opened. */
export async function pendingEmailChange(userId: number) {
  const row = await pendingEmailChangeOf(userId);
  return row ? { new_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
}

/** The member's live sessions, newest first, the caller's marked `current`. */
export async function listSessions(caller: AccountCaller): Promise<SessionView[]> {
  return (await liveSessionsOf(caller.user.id)).map((session) => ({
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt?.toISOString() ?? null,
    user_agent: session.userAgent,
    current: session.id === caller.sessionId,
  }));
}

const NO_SUCH_SESSION = "This session does not exist or has already ended.";

/** Ends one of the member's sessions (the caller's own is signing out); another member's answers like a missing one. */
export async function endSession(
  caller: AccountCaller,
  sessionId: string,
): Promise<AuthOutcome<{ message: string; current: boolean }>> {
  if (!SESSION_ID_PATTERN.test(sessionId)) return refuse("not-found", NO_SUCH_SESSION);
  const current = sessionId === caller.sessionId;
  // Another device is told it was signed out from elsewhere; the caller's own is just signing out.
  const changes = current
    ? await deleteSessionOf(caller.user.id, sessionId)
    : await transaction(async (tx) => endSessions(tx, caller.user.id, "ended-elsewhere", { only: sessionId }));
  if (changes !== 1) return refuse("not-found", NO_SUCH_SESSION);
  return { ok: true, current, message: current ? "You are signed out." : "The session was ended." };
}

/** Ends every session of the member but the caller's. */
export async function endOtherSessions(caller: AccountCaller): Promise<{ ok: true; message: string; ended: number }> {
  const changes = await transaction(async (tx) => {
    // Ending the others is what a member does on a change they did not ask for: a waiting change
    // of e-mail, which another session may have asked for, ends too.
    await deleteEmailChangesOf(tx, caller.user.id);
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
export async function isFirstVisit({ sessionId, userId }: { sessionId: string; userId: number }): Promise<boolean> {
  return (await activeBeforeSession(sessionId, userId)) === false;
}

/** How the member is greeted after signing in and on the dashboard: "back" only when they are. */
export const welcomeOf = async (session: { sessionId: string; userId: number }) =>
  (await isFirstVisit(session)) ? "Welcome" : "Welcome back";

/** The signed-in member and their session, for the settings pages; a visitor is sent to sign in. */
export async function requireAccountCaller(request: Request): Promise<AccountCaller> {
  const session = await getCurrentSession(request);
  if (session) return session;
  await requireUser(request);
  throw new Error("requireUser lets no visitor through");
}
