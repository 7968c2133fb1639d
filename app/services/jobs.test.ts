import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "../../db/schema";
import { getDb, openDatabase, sqliteClient, transaction } from "./database/db.server";
import {
  claimJob,
  createJobRunner,
  defineJobKind,
  enqueue,
  enqueueFolding,
  formatDelay,
  JOB_LEASE_MS,
  KEEP_DONE_MS,
  KEEP_FAILED_MS,
  maxAttempts,
  PermanentJobError,
  RETRY_DELAYS_MS,
  retryDelay,
} from "./jobs.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const payloadSchema = z.object({ to: z.string(), link: z.string() });
type Payload = z.infer<typeof payloadSchema>;

/** A job kind of its own per test (the database is shared by the file), recording each run. */
function testKind(name: string, run: (payload: Payload) => Promise<void> = async () => {}) {
  const runs: Payload[] = [];
  const kind = defineJobKind({
    name,
    sendsMail: true,
    schema: payloadSchema,
    async run(payload) {
      runs.push(payload);
      await run(payload);
    },
    describe: (payload) => `test to ${payload.to}`,
  });
  return { kind, runs };
}

/** A runner with its own clock and log, so tests move time on without waiting. */
function testRunner(kinds: ReturnType<typeof testKind>["kind"][], db = getDb(), start = Date.now()) {
  const clock = { now: start };
  const lines: string[] = [];
  const runner = createJobRunner({ db, kinds, now: () => clock.now, log: (line) => lines.push(line) });
  return { runner, clock, lines };
}

const row = async (id: number) => (await getDb().select().from(jobs).where(eq(jobs.id, id)).get())!;
const payload = { to: "ada@example.org", link: "http://circular.test/auth/reset-password?token=SECRET-TOKEN" };

describe("the retry schedule", () => {
  it("retries first within a minute, then after 2 min, 10 min, 1 h and 6 h, then gives up", () => {
    expect(RETRY_DELAYS_MS).toEqual([20 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR]);
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt))).toEqual([
      20 * SECOND,
      2 * MINUTE,
      10 * MINUTE,
      HOUR,
      6 * HOUR,
      null,
    ]);
    expect(maxAttempts()).toBe(6);
    expect(retryDelay(1)!).toBeLessThan(MINUTE);
  });

  it("gives no delay for attempts that cannot exist", () => {
    for (const attempt of [0, -1, 1.5, Number.NaN, 99]) expect(retryDelay(attempt)).toBeNull();
    expect(retryDelay(2, [5, 10])).toBe(10);
    expect(retryDelay(3, [5, 10])).toBeNull();
  });

  it("says each delay the way the log shows it", () => {
    expect(RETRY_DELAYS_MS.map(formatDelay)).toEqual(["20 s", "2 min", "10 min", "1 h", "6 h"]);
  });
});

describe("writing a job", () => {
  it("checks the payload against the kind's schema and stores nothing invalid", async () => {
    const { kind } = testKind("test-invalid");
    const before = (await getDb().select().from(jobs).all()).length;
    await expect(async () => enqueue(getDb(), kind, { to: 42 } as unknown as Payload)).rejects.toThrow();
    expect(await getDb().select().from(jobs).all()).toHaveLength(before);
  });

  it("belongs to the transaction that writes it: rolled back with it", async () => {
    const { kind } = testKind("test-rollback");
    await expect(
      transaction(async (tx) => {
        await enqueue(tx, kind, payload);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await getDb().select().from(jobs).where(eq(jobs.kind, "test-rollback")).all()).toEqual([]);
  });
});

describe("folding jobs", () => {
  const join = (waiting: Payload, next: Payload) => ({ ...waiting, link: `${waiting.link} ${next.link}` });

  it("folds a job into the waiting one of its kind and key, which keeps its time; another key or kind is a job of its own", async () => {
    const { kind } = testKind("test-fold");
    const { kind: otherKind } = testKind("test-fold-other");
    const start = Date.now();
    const first = await enqueueFolding(getDb(), kind, { to: "a", link: "one" }, { foldKey: "k", delayMs: MINUTE, fold: join });
    const runAt = (await row(first)).runAt.getTime();
    expect(runAt).toBeGreaterThanOrEqual(start + MINUTE);
    expect(await enqueueFolding(getDb(), kind, { to: "a", link: "two" }, { foldKey: "k", delayMs: MINUTE, fold: join })).toBe(
      first,
    );
    expect(await row(first)).toMatchObject({ payload: { to: "a", link: "one two" }, state: "pending" });
    expect((await row(first)).runAt.getTime()).toBe(runAt);
    const otherKey = await enqueueFolding(getDb(), kind, { to: "a", link: "x" }, { foldKey: "j", delayMs: MINUTE, fold: join });
    const otherKindJob = await enqueueFolding(
      getDb(),
      otherKind,
      { to: "a", link: "y" },
      { foldKey: "k", delayMs: MINUTE, fold: join },
    );
    expect(new Set([first, otherKey, otherKindJob]).size).toBe(3);
  });

  it("never changes a job a runner has claimed: the next change starts a new one", async () => {
    const { kind } = testKind("test-fold-claimed");
    const first = await enqueueFolding(getDb(), kind, { to: "a", link: "one" }, { foldKey: "k", delayMs: 0, fold: join });
    expect(await claimJob(getDb(), first, Date.now() + 1)).toBeDefined();
    const second = await enqueueFolding(getDb(), kind, { to: "a", link: "two" }, { foldKey: "k", delayMs: 0, fold: join });
    expect(second).not.toBe(first);
    expect((await row(first)).payload).toEqual({ to: "a", link: "one" });
  });

  it("belongs to the transaction that folds: rolled back with it", async () => {
    const { kind } = testKind("test-fold-rollback");
    const first = await enqueueFolding(getDb(), kind, { to: "a", link: "one" }, { foldKey: "k", delayMs: MINUTE, fold: join });
    await expect(
      transaction(async (tx) => {
        await enqueueFolding(tx, kind, { to: "a", link: "two" }, { foldKey: "k", delayMs: MINUTE, fold: join });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await row(first)).payload).toEqual({ to: "a", link: "one" });
  });
});

describe("running jobs", () => {
  it("runs a due job once, marks it done and drops its payload", async () => {
    const { kind, runs } = testKind("test-done");
    const { runner, clock, lines } = testRunner([kind]);
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now) });
    expect(await row(id)).toMatchObject({ state: "pending", attempts: 0, payload });
    expect(await runner.runDue()).toBe(1);
    expect(runs).toEqual([payload]);
    expect(await row(id)).toMatchObject({ state: "done", attempts: 1, payload: null, lastError: null });
    expect((await row(id)).finishedAt).toEqual(new Date(clock.now));
    expect(await runner.runDue()).toBe(0);
    expect(runs).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it("lets the process serve others between jobs, however many are due", async () => {
    const { kind, runs } = testKind("test-many");
    const { runner, clock } = testRunner([kind]);
    for (let i = 0; i < 3; i++)
      await enqueue(getDb(), kind, { ...payload, to: `member-${i}@example.org` }, { runAt: new Date(clock.now) });
    const seen: number[] = [];
    setImmediate(() => seen.push(runs.length));
    expect(await runner.runDue()).toBe(3);
    expect(seen).toEqual([1]);
  });

  it("waits for a job's time", async () => {
    const { kind, runs } = testKind("test-later");
    const { runner, clock } = testRunner([kind]);
    await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now + MINUTE) });
    expect(await runner.runDue()).toBe(0);
    clock.now += MINUTE;
    expect(await runner.runDue()).toBe(1);
    expect(runs).toHaveLength(1);
  });

  it("leaves jobs of kinds it does not know to a runner that knows them", async () => {
    const known = testKind("test-known");
    const other = testKind("test-other");
    const { runner, clock } = testRunner([known.kind]);
    const id = await enqueue(getDb(), other.kind, payload, { runAt: new Date(clock.now) });
    expect(await runner.runDue()).toBe(0);
    expect((await row(id)).state).toBe("pending");
  });

  it("retries a failure on the schedule, logs each one without the link's token, and gives up after the last", async () => {
    const { kind, runs } = testKind("test-retry", async (p) => {
      throw new Error(`connect ECONNREFUSED while sending ${p.link}`);
    });
    const { runner, clock, lines } = testRunner([kind]);
    const start = clock.now;
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(start) });

    await runner.runDue();
    expect(await row(id)).toMatchObject({ state: "pending", attempts: 1, payload });
    expect((await row(id)).runAt).toEqual(new Date(start + 20 * SECOND));
    expect((await row(id)).lastError).toContain("ECONNREFUSED");
    expect((await row(id)).lastError).toContain("http://circular.test/auth/reset-password");
    expect((await row(id)).lastError).not.toContain("SECRET-TOKEN");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Job ${id} \\(test to ada@example.org\\) failed on attempt 1 of 6: .*ECONNREFUSED.*; next try in 20 s \\(${new Date(start + 20 * SECOND).toISOString()}\\)$`,
      ),
    );

    // Not before its time.
    clock.now = start + 19 * SECOND;
    expect(await runner.runDue()).toBe(0);

    for (const [attempt, delay] of [
      [2, "2 min"],
      [3, "10 min"],
      [4, "1 h"],
      [5, "6 h"],
    ] as const) {
      clock.now = (await row(id)).runAt.getTime();
      expect(await runner.runDue()).toBe(1);
      expect(await row(id)).toMatchObject({ state: "pending", attempts: attempt });
      expect(lines.at(-1)).toContain(`failed on attempt ${attempt} of 6`);
      expect(lines.at(-1)).toContain(`next try in ${delay}`);
    }
    clock.now = (await row(id)).runAt.getTime();
    expect(clock.now - start).toBe(20 * SECOND + 2 * MINUTE + 10 * MINUTE + HOUR + 6 * HOUR);
    await runner.runDue();
    expect(await row(id)).toMatchObject({ state: "failed", attempts: 6, payload: null });
    expect((await row(id)).lastError).not.toContain("SECRET-TOKEN");
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toMatch(/failed on attempt 6 of 6: .*; gave up \(that was the last of 6 attempts\)$/);
    expect(lines.join("\n")).not.toContain("SECRET-TOKEN");

    clock.now += 30 * DAY;
    expect(await runner.runDue()).toBe(0);
    expect(runs).toHaveLength(6);
  });

  it("logs a success after failures", async () => {
    let fail = true;
    const { kind } = testKind("test-recovers", async () => {
      if (fail) throw new Error("mail server down");
    });
    const { runner, clock, lines } = testRunner([kind]);
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now) });
    await runner.runDue();
    fail = false;
    clock.now += 20 * SECOND;
    await runner.runDue();
    expect(await row(id)).toMatchObject({ state: "done", attempts: 2, payload: null });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`Job ${id} (test to ada@example.org) done on attempt 2`);
  });

  it("gives up at once on a failure that another attempt cannot mend", async () => {
    const { kind, runs } = testKind("test-permanent", async () => {
      throw new PermanentJobError("the link expired before it could be sent");
    });
    const { runner, clock, lines } = testRunner([kind]);
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now) });
    await runner.runDue();
    clock.now += DAY;
    await runner.runDue();
    expect(runs).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: "failed", attempts: 1, payload: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Job ${id} \\(test to ada@example.org\\) failed on attempt 1 of 6: PermanentJobError: the link expired before it could be sent.*; gave up \\(trying again cannot help\\)$`,
      ),
    );
  });

  it("gives up on a stored payload its kind no longer accepts", async () => {
    const { kind, runs } = testKind("test-unreadable");
    const { runner, clock, lines } = testRunner([kind]);
    const { id } = await getDb()
      .insert(jobs)
      .values({ kind: "test-unreadable", payload: { to: 1 }, runAt: new Date(clock.now) })
      .returning({ id: jobs.id })
      .get();
    await runner.runDue();
    expect(runs).toEqual([]);
    expect(await row(id)).toMatchObject({ state: "failed", payload: null });
    expect(lines).toEqual([
      `Job ${id} (test-unreadable, payload unreadable) failed on attempt 1 of 6: its payload does not match its kind's schema; gave up`,
    ]);
  });
});

describe("at most once", () => {
  const second = openDatabase(process.env.DATABASE_PATH!, { create: false });
  afterAll(() => sqliteClient(second).close());

  it("lets one claim win when two connections claim the same job", async () => {
    const { kind } = testKind("test-claim");
    const now = Date.now();
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(now) });
    const first = await claimJob(getDb(), id, now);
    const other = await claimJob(second, id, now);
    expect(first).toMatchObject({ id, state: "running", attempts: 1 });
    expect(other).toBeUndefined();
    expect(await row(id)).toMatchObject({ state: "running", attempts: 1 });
  });

  it("runs each job's handler once when two runners on two connections race for the same jobs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const kind = defineJobKind({
      name: "test-race",
      sendsMail: true,
      schema: payloadSchema,
      async run(p) {
        handled.push(p.to);
        await gate;
      },
      describe: (p) => `race to ${p.to}`,
    });
    const now = Date.now();
    const ids = await Promise.all(
      ["one@example.org", "two@example.org"].map((to) => enqueue(getDb(), kind, { ...payload, to }, { runAt: new Date(now) })),
    );
    const a = createJobRunner({ db: getDb(), kinds: [kind], now: () => now, log: () => {} });
    const b = createJobRunner({ db: second, kinds: [kind], now: () => now, log: () => {} });
    // A reads both as due and runs the first; B then takes the second; A's list is stale by then.
    const runA = a.runDue();
    const runB = b.runDue();
    release();
    expect(await Promise.all([runA, runB])).toEqual([1, 1]);
    expect(handled.sort()).toEqual(["one@example.org", "two@example.org"]);
    for (const id of ids) expect(await row(id)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("never reruns a job cut off while running: it is marked interrupted once its claim has expired", async () => {
    const { kind, runs } = testKind("test-crash");
    const { runner, clock, lines } = testRunner([kind]);
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now) });
    // A runner claims the job and the process dies before it finishes.
    await claimJob(second, id, clock.now);

    expect(await runner.runDue()).toBe(0);
    expect(await runner.recoverInterrupted()).toBe(0);
    expect((await row(id)).state).toBe("running");

    clock.now += JOB_LEASE_MS + 1;
    await runner.recoverInterrupted();
    expect(await row(id)).toMatchObject({ state: "interrupted", attempts: 1, payload: null, lastError: "cut off while running" });
    // A job of another test, claimed and never finished, is swept up too.
    expect(lines.filter((line) => line.startsWith(`Job ${id} `))).toEqual([
      `Job ${id} (test to ada@example.org) was cut off during attempt 1 (the server stopped or crashed while it ran); ` +
        "it is not run again, since it may have finished: check whether it arrived",
    ]);
    clock.now += DAY;
    expect(await runner.runDue()).toBe(0);
    expect(await runner.recoverInterrupted()).toBe(0);
    expect(runs).toEqual([]);
  });

  it("waits out another program's lock to record a job it has run, instead of leaving it claimed", async () => {
    const { kind, runs } = testKind("test-locked", async () => {
      // Another connection (the sqlite3 shell) takes the write lock while the work is under way.
      sqliteClient(second).exec("BEGIN IMMEDIATE");
      setTimeout(() => sqliteClient(second).exec("COMMIT"), 300);
    });
    const { runner, clock, lines } = testRunner([kind]);
    const id = await enqueue(getDb(), kind, payload, { runAt: new Date(clock.now) });
    expect(await runner.runDue()).toBe(1);
    expect(runs).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: "done", attempts: 1, payload: null });
    expect(lines).toEqual([]);
  });

  it("on stop, claims nothing more and waits for the running job", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { kind, runs } = testKind("test-stop", () => gate);
    const runner = createJobRunner({ db: getDb(), kinds: [kind], log: () => {} });
    const first = await enqueue(getDb(), kind, { ...payload, to: "first@example.org" });
    const next = await enqueue(getDb(), kind, { ...payload, to: "next@example.org" });
    runner.start();
    await expect.poll(() => runs.length).toBe(1);
    const stopped = runner.stop(2_000);
    setTimeout(release, 50);
    await stopped;
    expect((await row(first)).state).toBe("done");
    expect(await row(next)).toMatchObject({ state: "pending", attempts: 0 });
    expect(runs).toHaveLength(1);
  });
});

describe("a database that refuses the runner's passes", () => {
  // A file of its own: the lock and the read-only switch must not reach the other tests' database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-jobs-"));
  const file = path.join(dir, "jobs.db");
  const db = openDatabase(file);
  const other = new Database(file);
  afterAll(() => {
    other.close();
    sqliteClient(db).close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("backs off while another program holds the write lock, says so once, and runs the due job once it is released", async () => {
    const { kind, runs } = testKind("test-held-lock");
    await enqueue(db, kind, payload);
    other.exec("BEGIN IMMEDIATE");
    const lines: string[] = [];
    const runner = createJobRunner({ db, kinds: [kind], log: (line) => lines.push(line) });
    // Each failed try blocks the process for the busy timeout: a runner retrying at once starves the timers.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      runner.start();
      await sleep(2_000);
      expect(runs).toEqual([]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Jobs: a pass over the queue failed: .*SQLITE_BUSY.*; trying again in 1 s$/);
      expect(ticks).toBeGreaterThan(100);
      other.exec("ROLLBACK");
      await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => lines.length).toBe(2);
      expect(lines[1]).toMatch(/^Jobs: a pass over the queue worked again, after [23] failed$/);
    } finally {
      clearInterval(ticker);
      if (other.inTransaction) other.exec("ROLLBACK");
      await runner.stop(1_000);
    }
  }, 15_000);

  it("logs a failure that is not a lock once, not on every try, when writes fail (a read-only file)", async () => {
    const { kind, runs } = testKind("test-read-only");
    await enqueue(db, kind, payload);
    sqliteClient(db).pragma("query_only = ON");
    const lines: string[] = [];
    const runner = createJobRunner({ db, kinds: [kind], log: (line) => lines.push(line) });
    try {
      runner.start();
      await sleep(2_000);
      expect(runs).toEqual([]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Jobs: a pass over the queue failed: .*readonly.*; trying again in 1 s$/);
    } finally {
      await runner.stop(1_000);
      sqliteClient(db).pragma("query_only = OFF");
    }
  }, 15_000);
});

describe("pruning", () => {
  it("deletes done jobs after a week and failed or interrupted ones after a month, never waiting ones", async () => {
    const { kind } = testKind("test-prune");
    const { runner, clock } = testRunner([kind]);
    const now = clock.now;
    const add = async (state: "pending" | "done" | "failed" | "interrupted", age: number) =>
      (
        await getDb()
          .insert(jobs)
          .values({
            kind: "test-prune",
            payload: state === "pending" ? payload : null,
            state,
            runAt: new Date(now - age),
            finishedAt: state === "pending" ? null : new Date(now - age),
          })
          .returning({ id: jobs.id })
          .get()
      ).id;
    const oldDone = await add("done", KEEP_DONE_MS + 1);
    const recentDone = await add("done", KEEP_DONE_MS - MINUTE);
    const weekOldFailure = await add("failed", KEEP_DONE_MS + 1);
    const oldFailure = await add("failed", KEEP_FAILED_MS + 1);
    const oldInterrupted = await add("interrupted", KEEP_FAILED_MS + 1);
    const oldPending = await add("pending", 90 * DAY);

    await runner.prune();
    const left = new Set(
      (await getDb().select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, "test-prune")).all()).map((r) => r.id),
    );
    expect(left).toEqual(new Set([recentDone, weekOldFailure, oldPending]));
    expect([oldDone, oldFailure, oldInterrupted].some((id) => left.has(id))).toBe(false);
  });
});
