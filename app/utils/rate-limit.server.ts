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

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt against `key` under `rule`. */
export function consumeRateLimit(rawKey: string, rule: RateLimitRule, now = Date.now()): RateLimitResult {
  const key = storedKey(rawKey);
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    windows.delete(key);
    makeRoom(now);
    window = { count: 0, resetAt: now + rule.windowMs };
    windows.set(key, window);
  }
  window.count++;
  if (window.count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
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
function waitOf(retryAfterSeconds: number) {
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

/** Per client address and per account, for each sensitive action. */
export const authRateLimits = {
  login: { perAddress: { limit: 30, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
  register: { perAddress: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 5, windowMs: 60 * MINUTE } },
  forgot: { perAddress: { limit: 10, windowMs: 60 * MINUTE }, perAccount: { limit: 3, windowMs: 15 * MINUTE } },
  reset: { perAddress: { limit: 20, windowMs: 15 * MINUTE }, perAccount: { limit: 10, windowMs: 15 * MINUTE } },
} satisfies Record<string, { perAddress: RateLimitRule; perAccount: RateLimitRule }>;

export type AuthAction = keyof typeof authRateLimits;

/** Counts an attempt for both the address and the account; the stricter answer wins. */
export function checkAuthRateLimit(action: AuthAction, address: string, account: string | undefined): RateLimitResult {
  const rules = authRateLimits[action];
  const byAddress = consumeRateLimit(`${action}:ip:${address}`, rules.perAddress);
  const byAccount = account ? consumeRateLimit(`${action}:account:${account.toLowerCase()}`, rules.perAccount) : { allowed: true as const };
  if (byAddress.allowed && byAccount.allowed) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(
      byAddress.allowed ? 0 : byAddress.retryAfterSeconds,
      byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
    ),
  };
}
