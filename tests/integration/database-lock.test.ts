import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Another program holds the database's write lock (the sqlite3 shell in a transaction) while
 * members keep writing: the refused writes must not stall the process, so pages, API reads and
 * /healthz answer at their usual speed, and /healthz says the database is busy.
 */

let server: TestServer;
let member: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  member = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

const load = { date: "2025-03-14", material: "metals", weight_kg: 5, treatment: "recycled" };
const record = () => api(server, "/api/impact/entries", { method: "POST", body: load, token: member.token });

async function timed<T>(call: () => Promise<T>) {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reads of the ledger and asks of /healthz, one after the other, each timed. */
async function readAndAskHealth(rounds: number) {
  const reads: number[] = [];
  const health: { ms: number; status: number; body: unknown }[] = [];
  for (let round = 0; round < rounds; round++) {
    const read = await timed(() => api(server, "/api/impact/entries", { token: member.token }));
    expect(read.result.status).toBe(200);
    reads.push(read.ms);
    const check = await timed(() => fetch(`${server.url}/healthz`));
    health.push({ ms: check.ms, status: check.result.status, body: await check.result.json() });
  }
  return { reads, health };
}

describe("a write lock held by another program", () => {
  it("refuses writes with 503 at no cost to reads and /healthz, which says the database is busy", async () => {
    const outside = new Database(path.join(server.dataDir, "app.db"));
    const entries = () => (outside.prepare("SELECT count(*) AS n FROM impact_entries").get() as { n: number }).n;
    const before = entries();
    // The same requests with the lock free: what they cost on this machine at this moment.
    const usual = await readAndAskHealth(8);
    outside.exec("BEGIN IMMEDIATE");
    let writing = true;
    const refused: Awaited<ReturnType<typeof record>>[] = [];
    try {
      // Four writes at a time keep trying to save while the reads go on.
      const writers = Array.from({ length: 4 }, async () => {
        while (writing) refused.push(await record());
      });
      const { reads, health } = await readAndAskHealth(8);
      writing = false;
      await Promise.all(writers);

      // Each refused write used to hold the event loop for the busy timeout (200 ms), and every
      // request queued behind it: reads took 1 to 2 s. Now a read costs what it costs with the
      // lock free (a margin for a loaded machine, well below one busy timeout's wait).
      expect(median(reads)).toBeLessThan(2 * median(usual.reads) + 100);
      const asks = health.map((check) => check.ms);
      expect(median(asks)).toBeLessThan(2 * median(usual.health.map((check) => check.ms)) + 100);
      expect(health.at(-1)).toMatchObject({ status: 503, body: { status: "unavailable", database: "busy" } });

      expect(refused.length).toBeGreaterThan(0);
      for (const write of refused) {
        expect(write.status).toBe(503);
        expect(write.headers.get("retry-after")).toBe("5");
        expect(write.json).toEqual({
          success: false,
          message: "The service is busy right now and nothing was saved. Please try again in a few seconds.",
        });
      }
    } finally {
      writing = false;
      if (outside.inTransaction) outside.exec("ROLLBACK");
    }
    try {
      expect(entries()).toBe(before);
      // Once the lock is let go, the next write goes through and /healthz is ok again.
      const saved = await record();
      expect(saved.status).toBe(201);
      expect(entries()).toBe(before + 1);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok", media: "ok", storage: "ok" });
    } finally {
      outside.close();
    }
  });
});

describe("workers writing at the same time", () => {
  it("wait their turns for the lock without a 503 (WORKERS=2)", async () => {
    const workers = await startServer({ WORKERS: "2" });
    try {
      const writer = await registerMember(workers);
      const writes = await Promise.all(
        Array.from({ length: 40 }, () =>
          api(workers, "/api/impact/entries", { method: "POST", body: load, token: writer.token }),
        ),
      );
      expect(writes.map((write) => write.status)).toEqual(writes.map(() => 201));
      const health = await fetch(`${workers.url}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", database: "ok", media: "ok", storage: "ok" });
    } finally {
      await workers.stop();
    }
  });
});
