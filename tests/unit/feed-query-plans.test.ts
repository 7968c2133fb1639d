import { describe, expect, it } from "vitest";
import { CATEGORIES, FEED_KINDS, SORT_ORDERS, type FeedQuery } from "~/utils/community";
import { getDb } from "~/utils/db.server";
import { getFeed, searchPosts } from "~/utils/feed.server";

/**
 * Every statement the feeds and search prepare, checked with EXPLAIN QUERY PLAN: none may read the
 * whole posts table or sort it in a temporary tree. (Without ANALYZE, SQLite plans from the schema
 * alone, so the plans here are the plans at any size.)
 */

function recordStatements(run: () => void): string[] {
  const client = getDb().$client;
  const original = client.prepare.bind(client);
  const seen: string[] = [];
  client.prepare = ((sql: string) => {
    seen.push(sql);
    return original(sql);
  }) as typeof client.prepare;
  try {
    run();
  } finally {
    client.prepare = original as typeof client.prepare;
  }
  return seen;
}

function planOf(sql: string) {
  const client = getDb().$client;
  const placeholders = sql.match(/\?/g)?.length ?? 0;
  const rows = client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(placeholders).fill(null)) as { detail: string }[];
  return rows.map((row) => row.detail);
}

const query = (overrides: Partial<FeedQuery> = {}): FeedQuery => ({
  page: 1,
  limit: 10,
  timeRange: "all",
  sortBy: "score",
  search: undefined,
  location: undefined,
  ...overrides,
});

describe("feed and search query plans", () => {
  it("never scan posts whole nor sort them in a temporary tree", () => {
    const variants: Partial<FeedQuery>[] = [
      {},
      { category: CATEGORIES[0] },
      { postType: "tip" },
      { category: CATEGORIES[1], postType: "event" },
      { timeRange: "week" },
      { category: CATEGORIES[2], timeRange: "today" },
      { search: "compost" },
      { search: "compost", category: CATEGORIES[0], timeRange: "month" },
      { location: "Berlin" },
      { location: "Berlin", search: "compost", postType: "event" },
    ];
    const statements = recordStatements(() => {
      for (const kind of FEED_KINDS) {
        for (const sortBy of SORT_ORDERS) {
          for (const variant of variants) getFeed(kind, query({ sortBy, ...variant }), 1);
        }
      }
      searchPosts({ query: "compost bins", page: 1, limit: 10 }, 1);
      searchPosts({ query: "compost", category: CATEGORIES[0], post_type: "tip", page: 3, limit: 10 }, 1);
    });
    const postQueries = [...new Set(statements)].filter((sql) => /\bposts\b/.test(sql));
    expect(postQueries.length).toBeGreaterThan(10);
    for (const sql of postQueries) {
      const plan = planOf(sql);
      const fullScan = plan.find((detail) => /^SCAN (p|posts)$/.test(detail));
      const tempSort = plan.find((detail) => detail.includes("TEMP B-TREE"));
      expect({ sql, fullScan, tempSort }).toEqual({ sql, fullScan: undefined, tempSort: undefined });
    }
  });
});
