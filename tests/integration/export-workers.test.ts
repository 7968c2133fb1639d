import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * WORKERS=2: a member's download is one at a time across both worker processes. Each request goes
 * over a connection of its own, and the primary hands each new connection to the next worker in
 * turn, so of two requests in a row one reaches the worker that is not sending the download.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ WORKERS: "2", SEED: "0" });
});
afterAll(async () => {
  await server?.stop();
});

/** A GET over a new connection; resolves with the response as soon as its head arrives. */
function open(pathname: string, token: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      `${server.url}${pathname}`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      resolve,
    );
    request.on("error", reject);
  });
}

async function answer(pathname: string, token: string) {
  const response = await open(pathname, token);
  let text = "";
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode, retryAfter: response.headers["retry-after"], text };
}

describe("a member's download with two workers", () => {
  it("refuses a second one whichever worker it reaches, and allows it once the first ends", async () => {
    const member = await registerMember(server);
    // A ledger longer than the sockets' buffers hold, so the download waits on its unread client.
    const db = new Database(path.join(server.dataDir, "app.db"));
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
       INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, source, co2e_g, factor_table)
       SELECT ?, date('2024-01-01', '+' || (i / 100) || ' days'), 'paper', 'recycled', 1000, 'recorded', 90, 'epa-warm-v16' FROM n`,
    ).run(member.id);
    db.close();

    const first = await open("/api/impact/export", member.token);
    expect(first.statusCode).toBe(200);
    first.pause();
    for (let i = 0; i < 4; i++) {
      const second = await answer("/api/impact/export", member.token);
      expect(second.status).toBe(429);
      expect(Number(second.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(second.text)).toMatchObject({ success: false });
    }
    first.destroy();
    let status: number | undefined;
    for (let tries = 0; tries < 50 && status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open("/api/impact/export", member.token);
      status = again.statusCode;
      again.destroy();
    }
    expect(status).toBe(200);
  });
});
