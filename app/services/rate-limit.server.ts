import { createHash } from "node:crypto";
import { statement, transaction } from "./database/db.server";
import { getEnv } from "./env.server";

/**
 * Fixed-window counters kept in the database (table rate_limits), so every process of the server
 * (WORKERS) counts against the same windows and a restart forgets nothing. One UPSERT counts an
 * attempt: only sign-in, registration, resets, publishing, reports and the like are limited, so a
 * write per limited attempt costs little beside the work it allows.
 *
 * Keys come from what clients send (e-mail addresses, X-Forwarded-For), so the store is bounded
 * both ways: a long key is kept as its hash, and past MAX_RATE_LIMIT_KEYS the windows ending first
 * go (a security review saw 20,000 logins with 16 KB e-mails hold 650 MB for 15 minutes).
 */
export type RateLimitRule = { limit: number; windowMs: number };

/** About 10 MB at most: 100,000 keys of at most 64 characters and their windows. */
export const MAX_RATE_LIMIT_KEYS = 100_000;
const MAX_KEY_LENGTH = 64;
/** The table's size is looked at once per this many new windows this process opened. */
const ROOM_CHECK_EVERY = 1_000;

/** Keys up to 64 characters as they are (readable when debugging), longer ones as a SHA-256. */
function storedKey(key: string) {
  return key.length <= MAX_KEY_LENGTH ? key : `#${createHash("sha256").update(key).digest("base64url")}`;
}

let newWindowsSinceCheck = 0;

/**
 * Keeps the table within MAX_RATE_LIMIT_KEYS, looking once per ROOM_CHECK_EVERY new windows (a
 * count of 100,000 rows is not free). Expired windows go first; when every window is live, those
 * ending first go, down to 90%, so the trimming runs rarely rather than on each new key. Each
 * process looks at its own new windows, so the table may pass the bound by that much per process.
 */
async function makeRoom(now: number) {
  if (++newWindowsSinceCheck < ROOM_CHECK_EVERY) return;
  newWindowsSinceCheck = 0;
  const { keys } = (await statement("SELECT count(*) AS keys FROM rate_limits").get()) as { keys: number };
  if (keys < MAX_RATE_LIMIT_KEYS) return;
  await statement("DELETE FROM rate_limits WHERE reset_at <= ?").run(now);
  await statement(
    `DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits ORDER BY reset_at
      LIMIT max(0, (SELECT count(*) FROM rate_limits) - ?))`,
  ).run(Math.floor(MAX_RATE_LIMIT_KEYS * 0.9));
}

/**
 * An allowed attempt can be given back, as if it had not been made; a refusal says how long to
 * wait. Giving back answers a promise like every store function, but a failure throws at once, so
 * a caller that does not wait for it (it rarely needs to) loses no error.
 */
export type RateLimitResult = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };
type Refusal = Extract<RateLimitResult, { allowed: false }>;

/** The window under `key` if it has not ended. */
async function liveWindow(key: string, now: number) {
  return (await statement("SELECT count, reset_at AS resetAt FROM rate_limits WHERE key = ? AND reset_at > ?").get(key, now)) as
    { count: number; resetAt: number } | undefined;
}

function refusalIfFull(window: { count: number; resetAt: number } | undefined, rule: RateLimitRule, now: number): Refusal | null {
  if (!window || window.count < rule.limit) return null;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
}

/**
 * Counts one attempt against `key` under `rule`; a refused attempt is not counted. One statement
 * looks and counts, so two processes counting at once cannot both take the last attempt: an ended
 * window starts afresh, a live one counts up while below the limit, and a full one is left alone
 * (and no row comes back).
 *
 * Counted inside a transaction, the attempt shares its fate: a rollback undoes the count too.
 */
export async function consumeRateLimit(rawKey: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  return count(rawKey, rule, now);
}

async function count(rawKey: string, rule: RateLimitRule, now: number): Promise<RateLimitResult> {
  const key = storedKey(rawKey);
  const counted = (await statement(
    `INSERT INTO rate_limits (key, reset_at, count) VALUES (@key, @resetAt, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= @now THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= @now THEN excluded.reset_at ELSE rate_limits.reset_at END
      WHERE rate_limits.reset_at <= @now OR rate_limits.count < @limit
      RETURNING count, reset_at AS resetAt`,
  ).get({ key, now, limit: rule.limit, resetAt: now + rule.windowMs })) as { count: number; resetAt: number } | undefined;
  if (!counted) {
    return refusalIfFull(await liveWindow(key, now), rule, now) ?? { allowed: false, retryAfterSeconds: 1 };
  }
  if (counted.count === 1) await makeRoom(now);
  let released = false;
  return {
    allowed: true,
    async release() {
      // Once, and only to the window it was counted in (its end names it): a new window owes it nothing.
      if (released) return Promise.resolve();
      released = true;
      await statement("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND reset_at = ? AND count > 0").run(
        key,
        counted.resetAt,
      );
      return Promise.resolve();
    },
  };
}

/** Deletes the windows that have ended (the hourly sweep); answers how many. */
export async function sweepRateLimits(now = Date.now()) {
  return (await statement("DELETE FROM rate_limits WHERE reset_at <= ?").run(now)).changes;
}

/** How many keys are kept and the longest one's length (for tests). */
export async function rateLimitFootprint() {
  return (await statement("SELECT count(*) AS keys, coalesce(max(length(key)), 0) AS longestKey FROM rate_limits").get()) as {
    keys: number;
    longestKey: number;
  };
}

export async function resetRateLimits() {
  await statement("DELETE FROM rate_limits").run();
  newWindowsSinceCheck = 0;
}

/** Retry-After for a refusal that carries a wait, none for any other. */
export function retryAfterHeaders(failure: { retryAfterSeconds?: number }): HeadersInit | undefined {
  return failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
}

/** "30 seconds", "1 minute", "12 minutes". */
export function waitOf(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function retryMessage(retryAfterSeconds: number) {
  return `Too many attempts. Please try again in ${waitOf(retryAfterSeconds)}.`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type Publication = "post" | "comment";

/**
 * Counts one publication by a member against their hourly allowance (POSTS_PER_HOUR,
 * COMMENTS_PER_HOUR): enough for anyone taking part, too few for a script flooding the feeds.
 */
export async function checkPublishingRateLimit(kind: Publication, userId: number): Promise<RateLimitResult> {
  const env = getEnv();
  const limit = kind === "post" ? env.postsPerHour : env.commentsPerHour;
  return count(`${kind}:member:${userId}`, { limit, windowMs: HOUR }, Date.now());
}

export function publishingTooOftenMessage(kind: Publication, retryAfterSeconds: number) {
  return `You are ${kind === "post" ? "posting" : "commenting"} too often. Please try again in ${waitOf(retryAfterSeconds)}.`;
}

/** How many submissions with files one member may be sending at once. */
export const UPLOADS_AT_ONCE = 2;
export const UPLOAD_SLOT_RETRY_AFTER_SECONDS = 10;
/** A slot not given back (its process stopped mid-upload) is free again when its window ends. */
const UPLOAD_SLOT_WINDOW_MS = 15 * MINUTE;

/**
 * Takes one of the member's UPLOADS_AT_ONCE slots for as long as an upload is read, or null when
 * all are taken. Counted in the rate_limits table, so the slots hold across WORKERS processes; a
 * window restarts after 15 minutes, forgetting uploads still running from the one before (at
 * worst a few more at once for a moment, never a member locked out for long).
 */
export async function holdUploadSlot(memberId: number): Promise<{ release: () => Promise<void> } | null> {
  const slot = await consumeRateLimit(`uploads:member:${memberId}`, { limit: UPLOADS_AT_ONCE, windowMs: UPLOAD_SLOT_WINDOW_MS });
  return slot.allowed ? { release: slot.release } : null;
}

/**
 * Per client address, and per account from each address, for each sensitive action. An account's
 * limit is counted per address (OWASP's authentication cheat sheet): counted for the account
 * alone, a stranger's ten wrong passwords or three reset requests locked its owner out too.
 */
export const authRateLimits = {
  login: { perAddress: { limit: 30, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
  register: { perAddress: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 5, windowMs: 60 * MINUTE } },
  forgot: { perAddress: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 3, windowMs: 15 * MINUTE } },
  reset: { perAddress: { limit: 20, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
  // A signed-in member proving their password again (settings): a stolen session must not try
  // passwords faster than a sign-in could, and an e-mail change sends mail, so it is scarcer.
  changePassword: { perAddress: { limit: 30, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
  changeEmail: { perAddress: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 5, windowMs: 60 * MINUTE } },
  deleteAccount: { perAddress: { limit: 30, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
} satisfies Record<string, { perAddress: RateLimitRule; perAccount: RateLimitRule }>;

export type AuthAction = keyof typeof authRateLimits;

/**
 * Counts an attempt for the address and for the account from that address when both allow it,
 * and nothing when either refuses (the longer wait is the answer). The attempt is counted before
 * the work it allows, so parallel requests cannot slip past the limit; a caller that counts only
 * failures gives it back on success (sign-in does).
 */
export async function checkAuthRateLimit(
  action: AuthAction,
  address: string,
  account: string | undefined,
  now = Date.now(),
): Promise<RateLimitResult> {
  const rules = authRateLimits[action];
  const counters: [string, RateLimitRule][] = [[`${action}:ip:${address}`, rules.perAddress]];
  if (account) counters.push([`${action}:account:${account.toLowerCase()}:ip:${address}`, rules.perAccount]);
  // The look and the counts hold the write lock together, so no other process counts between them.
  return transaction(async (): Promise<RateLimitResult> => {
    const refusals: Refusal[] = [];
    for (const [key, rule] of counters) {
      const refusal = refusalIfFull(await liveWindow(storedKey(key), now), rule, now);
      if (refusal) refusals.push(refusal);
    }
    if (refusals.length)
      return { allowed: false, retryAfterSeconds: Math.max(...refusals.map((refusal) => refusal.retryAfterSeconds)) };
    const taken: RateLimitResult[] = [];
    for (const [key, rule] of counters) taken.push(await count(key, rule, now));
    return {
      allowed: true,
      release: async () => {
        for (const attempt of taken) if (attempt.allowed) await attempt.release();
      },
    };
  });
}
