import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { expect, it } from "vitest";
import { notifications, posts, users } from "../../db/schema";
import { migratedDatabase, migratedSqlite, numbered } from "./database";

const sqlite = migratedSqlite();
const pool = await migratedDatabase();
const builder = drizzle(sqlite);

/**
 * A statement Drizzle's SQLite builder wrote, as PostgreSQL needs it: numbered placeholders,
 * SQLite's integer cast (which PostgreSQL reads as 32 bits) as bigint, and the columns of an ON
 * CONFLICT target without their table (PostgreSQL refuses them qualified). The rewrite the engine
 * layer must make at the least.
 */
const forPostgres = (statement: string) =>
  numbered(statement)
    .replace(/ as integer\)/gi, " as bigint)")
    .replace(/on conflict \(([^)]*)\)/gi, (_, target: string) => `on conflict (${target.replace(/"\w+"\./g, "")})`);

async function onBoth(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const fromSqlite = sqlite.prepare(text).all(...params) as Record<string, unknown>[];
  const fromPg = (await pool.query(forPostgres(text), params)).rows as Record<string, unknown>[];
  return { sqlite: fromSqlite, pg: fromPg };
}

const withoutClock = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, created_at: 0, updated_at: 0 }));

it("Drizzle's SQLite inserts, updates and upserts give PostgreSQL the same rows", async () => {
  const member = await onBoth(
    builder.insert(users).values({ username: "ada", email: "ada@x.test", passwordHash: "!" }).returning(),
  );
  expect(withoutClock(member.pg)).toEqual(withoutClock(member.sqlite));
  expect(member.pg[0]).toMatchObject({ id: 1, is_verified: 0, user_type: "user" });

  const post = await onBoth(
    builder.insert(posts).values({ authorId: 1, title: "Swap shop", content: "Bring things", category: "general" }).returning(),
  );
  expect(withoutClock(post.pg).map((row) => ({ ...row, search_vector: undefined }))).toEqual(
    withoutClock(post.sqlite).map((row) => ({ ...row, search_vector: undefined })),
  );

  const liked = await onBoth(
    builder
      .update(posts)
      .set({ likesCount: sql`max(0, ${posts.likesCount} - 1)`, isFeatured: true })
      .where(eq(posts.id, 1))
      .returning({ likes: posts.likesCount, featured: posts.isFeatured }),
  );
  expect(liked.pg).toEqual([{ likes_count: 0, is_featured: 1 }]);
  expect(liked.pg).toEqual(liked.sqlite);

  const notify = () =>
    builder
      .insert(notifications)
      .values({ recipientId: 1, type: "like", subjectType: "post", subjectId: 1, foldKey: "like:1" })
      .onConflictDoUpdate({
        target: [notifications.recipientId, notifications.foldKey],
        set: { actors: sql`${notifications.actors} + 1` },
      })
      .returning({ id: notifications.id, actors: notifications.actors });
  await onBoth(notify());
  const folded = await onBoth(notify());
  expect(folded.pg).toEqual([{ id: 1, actors: 2 }]);
  expect(folded.pg).toEqual(folded.sqlite);
});
