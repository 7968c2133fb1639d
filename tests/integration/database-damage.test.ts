import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { api, registerMember, runServerExpectingExit, startServer, type TestServer } from "../support/server";

/**
 * A database file damaged on disk (a failing disk, a copy cut short: here 256 KB of zeros in its
 * middle) is not served: the start stops with one line naming it and the restore command, and
 * damage that appears while the server runs makes /healthz answer 503.
 */

/** A member with a ledger long enough that the file has pages well past the first 256 KB on both sides. */
async function ledgerOfManyPages(server: TestServer) {
  const member = await registerMember(server);
  const load = { date: "2025-03-14", material: "metals", weight_kg: 5, treatment: "recycled", note: "x".repeat(400) };
  const recorded = await api(server, "/api/impact/entries", { method: "POST", body: load, token: member.token });
  expect(recorded.status).toBe(201);
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const columns = (db.pragma("table_info(impact_entries)") as { name: string }[])
      .map((column) => column.name)
      .filter((name) => name !== "id");
    const list = columns.map((name) => `"${name}"`).join(", ");
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
       INSERT INTO impact_entries (${list}) SELECT ${list} FROM impact_entries, n`,
    ).run();
    // Into the main file, where the damage is made.
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return member;
}

/** Writes 256 KB of zeros in the middle of the file, on a page boundary. */
function zeroTheMiddle(file: string) {
  const size = fs.statSync(file).size;
  expect(size).toBeGreaterThan(1024 * 1024);
  const at = Math.floor(size / 2 / 4096) * 4096;
  const fd = fs.openSync(file, "r+");
  try {
    fs.writeSync(fd, Buffer.alloc(256 * 1024), 0, 256 * 1024, at);
  } finally {
    fs.closeSync(fd);
  }
}

describe("a damaged database file", () => {
  it("stops the start with one line naming the damage and the restore command", async () => {
    const server = await startServer();
    await ledgerOfManyPages(server);
    expect(await server.stop()).toBe(0);
    const file = path.join(server.dataDir, "app.db");
    zeroTheMiddle(file);

    const restart = await runServerExpectingExit({ DATABASE_PATH: file, UPLOAD_DIR: path.join(server.dataDir, "uploads") });
    expect(restart.code).toBe(1);
    const lines = restart.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Start-up failed: DATABASE_PATH: .*app\.db is damaged \(SQLite's quick_check: .+\)\. Stop the server and restore the latest backup: npm run restore -- BACKUP_FILE --force$/,
    );
    expect(restart.stdout).not.toContain("is serving");
  });

  it("is noticed while serving: /healthz answers 503 within the check's period, in every worker", async () => {
    const server = await startServer({ WORKERS: "2", DATABASE_CHECK_SECONDS: "1" });
    try {
      await ledgerOfManyPages(server);
      const healthy = await fetch(`${server.url}/healthz`);
      expect(await healthy.json()).toEqual({ status: "ok", database: "ok", media: "ok", storage: "ok" });

      zeroTheMiddle(path.join(server.dataDir, "app.db"));
      const deadline = Date.now() + 15_000;
      let answers: { status: number; body: unknown }[] = [];
      while (Date.now() < deadline) {
        // Each new connection goes to the next worker: two in a row ask both.
        answers = [];
        for (let i = 0; i < 2; i++) {
          const response = await fetch(`${server.url}/healthz`, { headers: { connection: "close" } });
          answers.push({ status: response.status, body: await response.json() });
        }
        if (answers.every((answer) => answer.status === 503)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(answers).toEqual([
        { status: 503, body: { status: "unavailable", database: "damaged", media: "ok", storage: "ok" } },
        { status: 503, body: { status: "unavailable", database: "damaged", media: "ok", storage: "ok" } },
      ]);
      await expect
        .poll(() => server.logs())
        .toMatch(
          /Database damaged: .*app\.db: SQLite's quick_check: .+\. \/healthz answers 503\. Stop the server and restore the latest backup: npm run restore -- BACKUP_FILE --force/,
        );
    } finally {
      await server.stop();
    }
  });

  it("is noticed by a request that meets it, before the next check", async () => {
    const server = await startServer();
    try {
      const member = await ledgerOfManyPages(server);
      zeroTheMiddle(path.join(server.dataDir, "app.db"));
      // The ledger's pages reach every part of the file; one of them reads the zeros.
      const statuses: number[] = [];
      for (let page = 1; page <= 170 && !statuses.includes(500); page += 8) {
        statuses.push((await api(server, `/api/impact/entries?page=${page}`, { token: member.token })).status);
      }
      expect(statuses).toContain(500);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "damaged", media: "ok", storage: "ok" });
      await expect
        .poll(() => server.logs())
        .toMatch(/Database damaged: .*app\.db: SQLite answered SQLITE_CORRUPT\w* to a request\./);
    } finally {
      await server.stop();
    }
  });
});
