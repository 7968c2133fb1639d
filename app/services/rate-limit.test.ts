import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase, transaction, sqliteClient } from "~/services/database/db.server";
import {
  checkAuthRateLimit,
  consumeRateLimit,
  MAX_RATE_LIMIT_KEYS,
  publishingTooOftenMessage,
  rateLimitFootprint,
  resetRateLimits,
  retryMessage,
  sweepRateLimits,
} from "~/services/rate-limit.server";

beforeEach(() => resetRateLimits());

describe("rate limits", () => {
  it("allows up to the limit in a window, then says when to retry", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await consumeRateLimit("k", rule, 0)).allowed).toBe(true);
    expect((await consumeRateLimit("k", rule, 1000)).allowed).toBe(true);
    expect(await consumeRateLimit("k", rule, 2000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect((await consumeRateLimit("k", rule, 60_000)).allowed).toBe(true);
  });

  it("counts an account's attempts per address, so a stranger cannot lock the owner out", async () => {
    for (let i = 0; i < 10; i++) expect((await checkAuthRateLimit("login", "addr-a", "victim@example.org")).allowed).toBe(true);
    expect((await checkAuthRateLimit("login", "addr-a", "victim@example.org")).allowed).toBe(false);
    // The owner, elsewhere, is not locked out; the stranger's address may still try other accounts.
    expect((await checkAuthRateLimit("login", "addr-b", "victim@example.org")).allowed).toBe(true);
    expect((await checkAuthRateLimit("login", "addr-a", "other@example.org")).allowed).toBe(true);
  });

  it("counts nothing for an attempt given back or refused", async () => {
    for (let i = 0; i < 25; i++) {
      const verdict = await checkAuthRateLimit("login", "addr-c", "owner@example.org");
      expect(verdict.allowed).toBe(true);
      if (verdict.allowed) await verdict.release();
    }
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit("r", rule, 0)).allowed).toBe(true);
    for (let i = 1; i < 5; i++) expect((await consumeRateLimit("r", rule, i)).allowed).toBe(false);
    const taken = await consumeRateLimit("r", rule, 60_000);
    expect(taken.allowed).toBe(true);
    // Given back once only, and only to the window it was counted in.
    if (taken.allowed) {
      await taken.release();
      await taken.release();
    }
    expect((await consumeRateLimit("r", rule, 60_001)).allowed).toBe(true);
    expect((await consumeRateLimit("r", rule, 60_002)).allowed).toBe(false);
  });

  it("words the retry time for people", () => {
    expect(retryMessage(30)).toBe("Too many attempts. Please try again in 30 seconds.");
    expect(retryMessage(60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(retryMessage(601)).toBe("Too many attempts. Please try again in 11 minutes.");
    expect(publishingTooOftenMessage("post", 3600)).toBe("You are posting too often. Please try again in 60 minutes.");
    expect(publishingTooOftenMessage("comment", 45)).toBe("You are commenting too often. Please try again in 45 seconds.");
  });
});

describe("rate-limit memory", () => {
  const hour = { limit: 1, windowMs: 60 * 60_000 };

  it("keeps a long key in a few bytes, and still counts it on its own", async () => {
    const long = (end: string) => `login:account:${"x".repeat(16_000)}${end}`;
    expect((await consumeRateLimit(long("1"), hour, 0)).allowed).toBe(true);
    expect((await consumeRateLimit(long("1"), hour, 1)).allowed).toBe(false);
    expect((await consumeRateLimit(long("2"), hour, 2)).allowed).toBe(true);
    expect(await rateLimitFootprint()).toEqual({ keys: 2, longestKey: expect.any(Number) });
    expect((await rateLimitFootprint()).longestKey).toBeLessThanOrEqual(64);
  });

  it(`holds at most ${MAX_RATE_LIMIT_KEYS} keys, dropping the oldest when every window is live`, async () => {
    const extra = 1_000;
    // One transaction for the 101,000 counts: the same statements, without a commit each.
    await transaction(async () => {
      for (let i = 0; i < MAX_RATE_LIMIT_KEYS + extra; i++) await consumeRateLimit(`k${i}`, hour, i);
    });
    expect((await rateLimitFootprint()).keys).toBeLessThanOrEqual(MAX_RATE_LIMIT_KEYS);
    // The newest windows are kept; the oldest was forgotten and starts afresh.
    expect((await consumeRateLimit(`k${MAX_RATE_LIMIT_KEYS + extra - 1}`, hour, MAX_RATE_LIMIT_KEYS + extra)).allowed).toBe(
      false,
    );
    expect((await consumeRateLimit("k0", hour, MAX_RATE_LIMIT_KEYS + extra)).allowed).toBe(true);
    // 101,000 counts take two to three seconds alone, and twice that beside the other suites in CI.
  }, 30_000);
});

describe("rate limits shared by every process", () => {
  const rule = { limit: 2, windowMs: 60_000 };

  it("keeps the windows in the database, where another connection (another worker) counts against them", async () => {
    expect((await consumeRateLimit("shared", rule, 0)).allowed).toBe(true);
    const other = openDatabase(process.env.DATABASE_PATH!, { create: false, migrate: false });
    try {
      const row = sqliteClient(other).prepare("SELECT count, reset_at FROM rate_limits WHERE key = 'shared'").get();
      expect(row).toEqual({ count: 1, reset_at: 60_000 });
      // The other process counts the last attempt of the window.
      sqliteClient(other).prepare("UPDATE rate_limits SET count = count + 1 WHERE key = 'shared'").run();
    } finally {
      sqliteClient(other).close();
    }
    expect(await consumeRateLimit("shared", rule, 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it("sweeps the windows that have ended, and only those", async () => {
    await consumeRateLimit("ends-soon", { limit: 5, windowMs: 1_000 }, 0);
    await consumeRateLimit("ends-later", { limit: 5, windowMs: 60_000 }, 0);
    expect(await sweepRateLimits(1_000)).toBe(1);
    expect((await rateLimitFootprint()).keys).toBe(1);
    expect((await consumeRateLimit("ends-later", { limit: 1, windowMs: 60_000 }, 2_000)).allowed).toBe(false);
  });

  it("undoes a count made in a transaction that rolls back", async () => {
    const once = { limit: 1, windowMs: 60_000 };
    await expect(
      transaction(async () => {
        expect((await consumeRateLimit("in-tx", once, 0)).allowed).toBe(true);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect((await consumeRateLimit("in-tx", once, 1)).allowed).toBe(true);
  });
});
