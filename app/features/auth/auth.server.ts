import { INVALID_RESET_LINK } from "./schemas";
import { transaction } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { queueMail } from "~/services/mail.server";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import { queueResetMail } from "./reset-mail.server";
import { emailHasAccount, insertMember, memberByEmail, memberById, setPasswordHash, type User } from "./store/members.server";
import { dropPasswordProofs, liveResetToken, replaceResetToken, useResetToken } from "./store/reset-tokens.server";
import { hashLinkToken, unsentTokenHash } from "~/services/link-token.server";
import { checkAuthRateLimit, retryMessage, type AuthAction } from "~/services/rate-limit.server";
import { createSession, endSessions } from "~/services/session.server";
import type { FailureReason, FormFailure } from "~/lib/forms";
import { isSuspended, suspendedMessage } from "~/lib/suspension";
import { BusyError } from "~/services/http/busy";

/**
 * What an auth operation answers: a value, or a refusal a form or the API can show as it is. Its
 * reason says why (a rate-limited one also for how long); the routes choose the HTTP status.
 */
export type AuthFailure = FormFailure<{ message: string; reason: FailureReason; retryAfterSeconds?: number }>;
export type AuthOutcome<T> = ({ ok: true } & T) | AuthFailure;

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists";

/** The user as the API and the browser see it. */
export function publicUser(user: Pick<User, "id" | "username" | "email" | "userType">) {
  return { id: user.id, username: user.username, email: user.email, user_type: user.userType };
}

/**
 * Counts an attempt at `action` (rate-limit.server.ts): the attempt, to be given back if it
 * should not count, or the refusal, whose wait the routes send as Retry-After.
 */
async function countAttempt(
  action: AuthAction,
  address: string,
  account: string | undefined,
): Promise<{ ok: true; release: () => Promise<void> } | AuthFailure> {
  const verdict = await checkAuthRateLimit(action, address, account);
  if (verdict.allowed) return { ok: true, release: verdict.release };
  const { retryAfterSeconds } = verdict;
  return { ok: false, reason: "rate-limited", message: retryMessage(retryAfterSeconds), errors: {}, retryAfterSeconds };
}

/**
 * The refusal of work the password threads had no room for (password-threads.server.ts): nothing
 * was checked or changed, and the client is told when to try again (503, Retry-After). Any other
 * error is thrown on.
 */
export function passwordBusyRefusal(error: unknown): AuthFailure {
  if (!(error instanceof BusyError)) throw error;
  return { ok: false, reason: "busy", message: error.message, errors: {}, retryAfterSeconds: error.retryAfterSeconds };
}

/**
 * A new password on the list of the most common ones (OWASP ASVS 2.1.7), refused like a rule of
 * the schemas, with the sentence on the password field. The list stays on the server.
 */
async function commonPasswordRefusal(password: string): Promise<AuthFailure | null> {
  if (!(await isCommonPassword(password))) return null;
  return { ok: false, reason: "invalid", message: COMMON_PASSWORD, errors: { password: COMMON_PASSWORD } };
}

export async function registerMember(
  input: { username: string; email: string; password: string },
  address: string,
): Promise<AuthOutcome<{ user: User }>> {
  const common = await commonPasswordRefusal(input.password);
  if (common) return common;
  const attempt = await countAttempt("register", address, input.email);
  if (!attempt.ok) return attempt;
  const taken = (): AuthFailure => ({ ok: false, reason: "conflict", message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });
  if (await emailHasAccount(input.email)) return taken();
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password, address);
  } catch (error) {
    await attempt.release();
    return passwordBusyRefusal(error);
  }
  // Whatever a client sends, a new account is an ordinary user. Two registrations racing for one
  // address: the unique index decides (null).
  const user = await insertMember({ username: input.username, email: input.email, passwordHash });
  return user ? { ok: true, user } : taken();
}

export async function signIn(
  input: { email: string; password: string; remember: boolean },
  address: string,
  userAgent = "",
): Promise<AuthOutcome<{ user: User; token: string; sessionId: string; expiresAt: Date; remember: boolean }>> {
  // Only failures count (OWASP): an owner signing in often is never locked out by it.
  const attempt = await countAttempt("login", address, input.email);
  if (!attempt.ok) return attempt;
  const user = await memberByEmail(input.email);
  let matches = false;
  try {
    if (user) matches = await verifyPassword(input.password, user.passwordHash, address);
    else await burnPasswordCheck(input.password, address);
  } catch (error) {
    // Refused before any password was checked: the attempt is not counted.
    await attempt.release();
    return passwordBusyRefusal(error);
  }
  if (!user || !matches) return { ok: false, reason: "wrong-credentials", message: INVALID_CREDENTIALS, errors: {} };
  await attempt.release();
  // Told only with the right password, so the refusal reveals nothing to anyone else.
  if (isSuspended(user))
    return { ok: false, reason: "forbidden", message: suspendedMessage(user.suspendedUntil, user.suspensionReason), errors: {} };
  const session = await createSession(user.id, { remember: input.remember, userAgent });
  return { ok: true, user, ...session };
}

/**
 * Issues a reset link for a known address (replacing any earlier one) and answers the same
 * for unknown addresses, so the form reveals nothing about who has an account.
 */
export async function requestPasswordReset(email: string, address: string): Promise<AuthOutcome<{ message: string }>> {
  const attempt = await countAttempt("forgot", address, email);
  if (!attempt.ok) return attempt;
  const user = await memberByEmail(email);
  if (user && user.passwordHash !== "!" && isSuspended(user)) {
    // No link while the account is suspended; the member is told why, and the answer below is
    // the same as for any address, so nobody learns of the suspension from the form.
    await transaction(async (tx) =>
      queueMail(tx, {
        template: "account-suspended",
        to: user.email,
        name: user.username,
        until: user.suspendedUntil?.getTime() ?? null,
        reason: user.suspensionReason ?? "",
        resetAsked: true,
      }),
    );
  } else if (user && user.passwordHash !== "!") {
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await transaction(async (tx) => {
      // The link's token is made when its mail is sent (reset-mail.server.ts): until then the
      // row opens for no link, and nothing in the database does.
      const id = await replaceResetToken(tx, user.id, unsentTokenHash(), expiresAt);
      // The mail is a job of the same transaction: sent after the answer (known and unknown
      // addresses answer alike and as fast), and retried if the mail server is down.
      await queueResetMail(tx, { to: user.email, name: user.username, resetId: id, expiresAt: expiresAt.getTime() });
    });
  }
  return {
    ok: true,
    message: `If an account exists for ${email}, a password reset link is on its way. It expires in 15 minutes.`,
  };
}

const findLiveResetToken = (token: string) => liveResetToken(hashLinkToken(token));

export async function isResetTokenValid(token: string) {
  return Boolean(await findLiveResetToken(token));
}

/** Sets a new password with a live token, uses the token up and ends every session of the account. */
export async function resetPassword(token: string, password: string, address: string): Promise<AuthOutcome<{ message: string }>> {
  const common = await commonPasswordRefusal(password);
  if (common) return common;
  const found = await findLiveResetToken(token);
  const attempt = await countAttempt("reset", address, found ? `user:${found.userId}` : undefined);
  if (!attempt.ok) return attempt;
  const invalid: AuthFailure = {
    ok: false,
    reason: "invalid-link",
    message: INVALID_RESET_LINK,
    errors: { token: INVALID_RESET_LINK },
  };
  if (!found) return invalid;
  // A link issued before the suspension changes nothing while it lasts (the link stays usable after).
  const member = await memberById(found.userId);
  if (member && isSuspended(member)) {
    const message = suspendedMessage(member.suspendedUntil, member.suspensionReason);
    return { ok: false, reason: "forbidden", message, errors: {} };
  }
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password, address);
  } catch (error) {
    await attempt.release();
    return passwordBusyRefusal(error);
  }
  const user = await transaction(async (tx) => {
    // Deleting the row is what uses the token: of two racing resets, only one deletes it.
    if (!(await useResetToken(tx, found.id))) return null;
    await setPasswordHash(tx, found.userId, passwordHash);
    await endSessions(tx, found.userId, "password-changed");
    // Other reset links, and a waiting change of e-mail asked for with the old password, end with it.
    await dropPasswordProofs(tx, found.userId);
    const changed = (await memberById(found.userId, tx)) ?? null;
    if (changed) {
      await queueMail(tx, {
        template: "password-changed",
        to: changed.email,
        name: changed.username,
        loginUrl: `${getEnv().appUrl}/auth/login`,
      });
    }
    return changed;
  });
  if (!user) return invalid;
  return { ok: true, message: "Your password has been reset. Please sign in with your new password." };
}
