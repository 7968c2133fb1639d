import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * A member with a long ledger downloading their data while another member reads their feed: the
 * downloads are sent a page at a time, so the reader's answers keep coming; the server's memory
 * stays flat; a second download of the same export is refused while the first runs; a download
 * the client walks away from frees its place at once.
 */

const ENTRIES = 100_000;
type Member = Awaited<ReturnType<typeof registerMember>>;
let server: TestServer;
let exporter: Member;
let neighbour: Member;
let reader: Member;

/**
 * Each member's ledger of ENTRIES entries over a few years, a hundred loads a day, a third of them
 * sold and some with a note to quote, written straight into the database by one statement.
 */
function addLedgers(memberIds: number[]) {
  const db = new Database(path.join(server.dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const insert = db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < @count - 1)
       INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency, note, source,
         co2e_g, factor_table)
       SELECT @member, date('2023-01-01', '+' || (i / 100) || ' days'), 'metals', 'recycled', 1000 + i,
         CASE WHEN i % 3 = 0 THEN 500 + i END, CASE WHEN i % 3 = 0 THEN 'USD' END,
         CASE WHEN i % 7 = 0 THEN 'Skip ' || i || ', "yard"' END, 'recorded', 40 + i, 'epa-warm-v16'
       FROM n`,
    );
    for (const member of memberIds) insert.run({ member, count: ENTRIES });
  } finally {
    db.close();
  }
}

const get = (pathname: string, member: Member, signal?: AbortSignal) =>
  fetch(server.url + pathname, { headers: { authorization: `Bearer ${member.token}` }, signal });

/** The server's resident memory in MB. */
function residentMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((values.length * p) / 100) - 1]!;

beforeAll(async () => {
  server = await startServer();
  [exporter, neighbour, reader] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  addLedgers([exporter.id, neighbour.id]);
});

afterAll(async () => {
  await server?.stop();
});

describe("downloads of long ledgers", () => {
  // About 100 MB of downloads: on a busy 2-core machine they take a while.
  it(
    "keep another member's feed answering within a second (p90), memory flat, and a second one of the same export refused",
    { timeout: 120_000 },
    async () => {
      // The reader's feed, alone, once to warm it.
      expect((await get("/api/feed/personalized", reader)).status).toBe(200);
      const idleMb = residentMb();
      let peakMb = idleMb;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb())), 100);

      const csv = await get("/api/impact/export", exporter);
      expect(csv.status).toBe(200);
      // Headers sent, body unread: the first download is under way.
      const second = await get("/api/impact/export", exporter);
      expect(second.status).toBe(429);
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await second.json()).toEqual({
        success: false,
        message: "Your previous download of this export is still running. Please wait for it to finish.",
      });

      let downloading = true;
      const downloads = Promise.all([
        csv.text(),
        get("/api/users/export", exporter).then((response) => response.text()),
        get("/api/users/export", neighbour).then((response) => response.text()),
      ]).finally(() => (downloading = false));
      // The reader asks every 50 ms whether or not the answer before came (as many readers would),
      // so a stalled server shows in every request that waited, not only in the one that was stuck.
      const latencies: number[] = [];
      const asked: Promise<void>[] = [];
      const ask = async () => {
        const started = performance.now();
        const response = await get("/api/feed/personalized", reader);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        latencies.push(performance.now() - started);
      };
      while (downloading || asked.length < 20) {
        asked.push(ask());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(asked);
      const [csvText, accountText, neighbourText] = await downloads;
      clearInterval(sampler);

      expect(percentile(latencies, 90)).toBeLessThan(1000);
      const csvIds = csvText
        .split("\r\n")
        .slice(1, -1)
        .map((line) => Number(line.split(",")[0]));
      expect(csvIds).toHaveLength(ENTRIES);
      // Each entry once, in the ledger's order (its dates follow its ids).
      expect(csvIds.every((id, i) => i === 0 || id > csvIds[i - 1]!)).toBe(true);
      expect(JSON.parse(accountText).impact_entries).toHaveLength(ENTRIES);
      expect(JSON.parse(neighbourText).impact_entries).toHaveLength(ENTRIES);
      // Three downloads of 15 and 2 × 43 MB, and the server holds a page of each at a time.
      expect(peakMb - idleMb).toBeLessThan(150);
      // Compressed as they went, and waited on the client's reading many times without a warning.
      expect(server.logs()).not.toContain("MaxListenersExceededWarning");
    },
  );

  it("frees the member's place at once when the client walks away", async () => {
    const client = new AbortController();
    const first = await get("/api/users/export", exporter, client.signal);
    expect(first.status).toBe(200);
    expect((await get("/api/users/export", exporter)).status).toBe(429);
    client.abort();
    let again: Response | undefined;
    for (let tries = 0; tries < 50; tries++) {
      again = await get("/api/users/export", exporter);
      if (again.status === 200) break;
      await again.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again!.status).toBe(200);
    await again!.body!.cancel();
  });
});
