import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~/services/seed/seed";
import { users } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, statement, projectRoot } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { recordInteraction } from "./store/interactions.server";

/**
 * The counters kept on each post (so a feed page needs no counting) always equal the rows they
 * count: in the seeded sample community, and after members comment, like and take a like back.
 */

type Mismatch = { id: number; counter: string; kept: number; rows: number };

/** Every post whose kept counter differs from a count of its rows, counted here independently of the app. */
async function mismatches(): Promise<Mismatch[]> {
  const rows = (await statement(`SELECT p.id, p.likes_count, p.comments_count, p.shares_count, p.views_count,
      (SELECT count(*) FROM post_interactions i WHERE i.post_id = p.id AND i.type = 'like') AS likes,
      (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id) AS comments,
      (SELECT count(*) FROM post_interactions i WHERE i.post_id = p.id AND i.type = 'share') AS shares,
      (SELECT count(*) FROM post_interactions i WHERE i.post_id = p.id AND i.type = 'view') AS views
    FROM posts p ORDER BY p.id`).all()) as Record<string, number>[];
  return rows.flatMap((row) =>
    (["likes", "comments", "shares", "views"] as const)
      .filter((kind) => row[`${kind}_count`] !== row[kind])
      .map((kind) => ({ id: row.id, counter: `${kind}_count`, kept: row[`${kind}_count`], rows: row[kind] })),
  );
}

const count = async (sql: string) => ((await statement(sql).get()) as { n: number }).n;

let reader: Viewer;

beforeAll(async () => {
  await seedDatabase(getDb(), { mediaFolder: path.join(projectRoot, "db/seed-media"), uploadDir: getEnv().uploadDir });
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username: "Counter Reader", email: "counter.reader@example.org", passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  reader = { id, userType: "user" };
});

describe("counters kept beside their rows", () => {
  it("equal the seeded sample rows for every post, which has real comments and interactions to count", async () => {
    expect(await count("SELECT count(*) AS n FROM posts")).toBeGreaterThan(20);
    expect(await mismatches()).toEqual([]);
    // The sample posts open on real comments and likes, not on bare numbers.
    expect(await count("SELECT count(*) AS n FROM posts WHERE comments_count = 0 OR likes_count = 0 OR views_count = 0")).toBe(0);
    // Sample comments and interactions come from the sample members, who cannot sign in.
    expect(
      await count(`SELECT count(*) AS n FROM post_comments c JOIN users u ON u.id = c.author_id
        WHERE u.email NOT LIKE '%@circularhub.example' OR u.password_hash <> '!'`),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM post_interactions i JOIN users u ON u.id = i.user_id WHERE u.password_hash <> '!'"),
    ).toBe(0);
  });

  it("stay equal after a comment, a like, an unlike, a share and a view", async () => {
    const { id } = (await statement("SELECT id FROM posts ORDER BY id DESC LIMIT 1").get()) as { id: number };
    const before = (await statement("SELECT likes_count AS likes, comments_count AS comments FROM posts WHERE id = ?").get(
      id,
    )) as {
      likes: number;
      comments: number;
    };

    const commented = await recordInteraction(reader, id, "comment", "Counted once.");
    expect(commented).toMatchObject({ ok: true, post: { comments_count: before.comments + 1 } });
    expect(await mismatches()).toEqual([]);

    expect(await recordInteraction(reader, id, "like")).toMatchObject({ ok: true, post: { likes_count: before.likes + 1 } });
    expect(await mismatches()).toEqual([]);
    expect(await recordInteraction(reader, id, "like")).toMatchObject({ ok: true, post: { likes_count: before.likes } });
    expect(await mismatches()).toEqual([]);

    await recordInteraction(reader, id, "share");
    await recordInteraction(reader, id, "share");
    await recordInteraction(reader, id, "view");
    expect(await mismatches()).toEqual([]);
  });
});
