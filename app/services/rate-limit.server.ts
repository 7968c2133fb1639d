import { createHash } from "node:crypto";
import { getEnv } from "./env.server";

/**
 * Fixed-window counters kept in memory: this is a single-process, single-machine server, so a
 * shared store would add a moving part without adding protection. Counters reset on restart.
 *
 * Keys come from what clients send (e-mail addresses, X-Forwarded-For), so the store is bounded
 * both ways: a long key is kept as its hash, and past MAX_RATE_LIMIT_KEYS the oldest windows
 * go (a security review saw 20,000 logins with 16 KB e-mails hold 650 MB for 15 minutes).
 */
type Window = { count: number; resetAt: number };

export type RateLimitRule = { limit: number; windowMs: number };

const windows = new Map<string, Window>();
/** About 20 MB at most: 100,000 keys of at most 64 characters and their windows. */
export const MAX_RATE_LIMIT_KEYS = 100_000;
const MAX_KEY_LENGTH = 64;

/** Keys up to 64 characters as they are (readable when debugging), longer ones as a SHA-256. */
function storedKey(key: string) {
  return key.length <= MAX_KEY_LENGTH ? key : `#${createHash("sha256").update(key).digest("base64url")}`;
}

/**
 * Makes room for one more key. Expired windows go first; when every window is live the oldest
 * go, down to 90% so the sweep runs once per 10,000 new keys rather than on each.
 */
function makeRoom(now: number) {
  if (windows.size < MAX_RATE_LIMIT_KEYS) return;
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  // A Map iterates in insertion order, and a renewed window is inserted again: oldest first.
  for (const key of windows.keys()) {
    if (windows.size < MAX_RATE_LIMIT_KEYS * 0.9) break;
    windows.delete(key);
  }
}

/** An allowed attempt can be given back, as if it had not been made; a refusal says how long to wait. */
export type RateLimitResult = { allowed: true; release: () => void } | { allowed: false; retryAfterSeconds: number };
type Refusal = Extract<RateLimitResult, { allowed: false }>;

function liveWindow(key: string, now: number) {
  const window = windows.get(key);
  return window && window.resetAt > now ? window : undefined;
}

function refusalIfFull(window: Window | undefined, rule: RateLimitRule, now: number): Refusal | null {
  if (!window || window.count < rule.limit) return null;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
}

/** Counts one attempt against `key` under `rule`; a refused attempt is not counted. */
export function consumeRateLimit(rawKey: string, rule: RateLimitRule, now = Date.now()): RateLimitResult {
  const key = storedKey(rawKey);
  let window = liveWindow(key, now);
  const refused = refusalIfFull(window, rule, now);
  if (refused) return refused;
  if (!window) {
    windows.delete(key);
    makeRoom(now);
    window = { count: 0, resetAt: now + rule.windowMs };
    windows.set(key, window);
  }
  window.count++;
  const counted = window;
  let released = false;
  return {
    allowed: true,
    release() {
      // Once, and only to the window it was counted in: a new window owes it nothing.
      if (released) return;
      released = true;
      if (windows.get(key) === counted && counted.count > 0) counted.count--;
    },
  };
}

/** How many keys are kept and the longest one's length (for tests). */
export function rateLimitFootprint() {
  let longestKey = 0;
  for (const key of windows.keys()) longestKey = Math.max(longestKey, key.length);
  return { keys: windows.size, longestKey };
}

export function resetRateLimits() {
  windows.clear();
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
export function checkPublishingRateLimit(kind: Publication, userId: number): RateLimitResult {
  const env = getEnv();
  const limit = kind === "post" ? env.postsPerHour : env.commentsPerHour;
  return consumeRateLimit(`${kind}:member:${userId}`, { limit, windowMs: HOUR });
}

export function publishingTooOftenMessage(kind: Publication, retryAfterSeconds: number) {
  return `You are ${kind === "post" ? "posting" : "commenting"} too often. Please try again in ${waitOf(retryAfterSeconds)}.`;
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
export function checkAuthRateLimit(
  action: AuthAction,
  address: string,
  account: string | undefined,
  now = Date.now(),
): RateLimitResult {
  const rules = authRateLimits[action];
  const counters: [string, RateLimitRule][] = [[`${action}:ip:${address}`, rules.perAddress]];
  if (account) counters.push([`${action}:account:${account.toLowerCase()}:ip:${address}`, rules.perAccount]);
  const refusals = counters
    .map(([key, rule]) => refusalIfFull(liveWindow(storedKey(key), now), rule, now))
    .filter((refusal): refusal is Refusal => refusal !== null);
  if (refusals.length)
    return { allowed: false, retryAfterSeconds: Math.max(...refusals.map((refusal) => refusal.retryAfterSeconds)) };
  // Nothing runs between the look and the count (one thread), so every counter allows it.
  const taken = counters.map(([key, rule]) => consumeRateLimit(key, rule, now));
  return { allowed: true, release: () => taken.forEach((attempt) => attempt.allowed && attempt.release()) };
}
