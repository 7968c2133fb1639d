import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, FEED_KINDS, SORT_ORDERS } from "~/features/community/vocabulary";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The real server, with LOG_SQL=1, answers every feed and search variant; then each statement it
 * ran against posts is checked with EXPLAIN QUERY PLAN on its database: none may read the whole
 * posts table or sort it in a temporary tree. (Without ANALYZE, SQLite plans from the schema
 * alone, so the plans here are the plans at any size.)
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ LOG_SQL: "1" });
});

afterAll(async () => {
  await server?.stop();
});

const variants = [
  "",
  `category=${CATEGORIES[0]}`,
  "postType=tip",
  `category=${CATEGORIES[1]}&postType=event`,
  "timeRange=week",
  `category=${CATEGORIES[2]}&timeRange=today`,
  "search=compost",
  `search=compost&category=${CATEGORIES[0]}&timeRange=month`,
  "location=Berlin",
  "location=Berlin&search=compost&postType=event",
  "page=3&limit=5",
];

/** The SELECTs on posts the server logged since `from` (an offset into its output). */
function postQueriesLoggedSince(from: number): string[] {
  const lines = server
    .logs()
    .slice(from)
    .split("\n")
    .filter((line) => line.startsWith("SQL: SELECT"))
    .map((line) => line.slice("SQL: ".length));
  return [...new Set(lines)].filter((sql) => /\bposts p\b|\bFROM posts\b/.test(sql));
}

describe("feed and search query plans", () => {
  it("never scan posts whole nor sort them in a temporary tree", async () => {
    const { token } = await registerMember(server);
    await api(server, "/api/users/preferences", { method: "PUT", token, body: { location: "Berlin" } });
    const from = server.logs().length;
    const urls = [
      ...FEED_KINDS.flatMap((kind) =>
        SORT_ORDERS.flatMap((sortBy) => variants.map((variant) => `/api/feed/${kind}?sortBy=${sortBy}&${variant}`)),
      ),
      ...variants.map((variant) => `/api/feed/category/${CATEGORIES[3]}?${variant}`),
      "/api/feed/search?query=compost%20bins",
      `/api/feed/search?query=compost&category=${CATEGORIES[0]}&post_type=tip&page=3&limit=10`,
    ];
    for (const url of urls) expect({ url, status: (await api(server, url, { token })).status }).toEqual({ url, status: 200 });

    const statements = postQueriesLoggedSince(from);
    expect(statements.length).toBeGreaterThan(10);
    const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
    try {
      for (const sql of statements) {
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
        const fullScan = plan.find((detail) => /^SCAN (p|posts)$/.test(detail));
        const tempSort = plan.find((detail) => detail.includes("TEMP B-TREE"));
        expect({ sql, fullScan, tempSort }).toEqual({ sql, fullScan: undefined, tempSort: undefined });
      }
    } finally {
      db.close();
    }
  });
});
