import { describe, expect, it } from "vitest";
import { migratedDatabase, migratedSqlite } from "./database";
import { both, members, type Engines } from "./engines";

const engines: Engines = { sqlite: migratedSqlite(), pool: await migratedDatabase() };
await members(engines, 1);

const post = (id: number, title: string, content: string, tags: string[]) =>
  both(engines, "INSERT INTO posts (id, author_id, title, content, category, tags) VALUES (?, 1, ?, ?, 'general', ?)", [
    id,
    title,
    content,
    JSON.stringify(tags),
  ]);

await post(1, "Composting at home", "Start a heap with cardboard and kitchen scraps.", ["garden"]);
await post(2, "Repair café on Saturday", "Bring anything broken: we compost nothing and fix everything.", [
  "repair",
  "Community",
]);
await post(3, "Crème of the crop", "A recipe from leftovers (no waste!)", []);

/** The ids a search finds: FTS5's MATCH on SQLite, the tsvector column on PostgreSQL. */
async function found(ftsQuery: string, tsQuery: string) {
  const sqlite = engines.sqlite.prepare("SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid").all(ftsQuery);
  const pg = await engines.pool.query(
    "SELECT id FROM posts WHERE search_vector @@ to_tsquery('simple', unaccent($1)) ORDER BY id",
    [tsQuery],
  );
  return { sqlite, pg: pg.rows };
}

describe("full-text search on PostgreSQL", () => {
  it("finds what FTS5 finds: prefixes, any field, any case, without diacritics", async () => {
    expect(await found('"compost"*', "compost:*")).toEqual({ sqlite: [{ id: 1 }, { id: 2 }], pg: [{ id: 1 }, { id: 2 }] });
    expect(await found('"community"*', "community:*")).toEqual({ sqlite: [{ id: 2 }], pg: [{ id: 2 }] });
    expect(await found('"creme"*', "creme:*")).toEqual({ sqlite: [{ id: 3 }], pg: [{ id: 3 }] });
    expect(await found('"CAFE"* AND "repair"*', "CAFE:* & repair:*")).toEqual({ sqlite: [{ id: 2 }], pg: [{ id: 2 }] });
    expect(await found('("cardbord"* OR "cardboard")', "cardbord:* | cardboard")).toEqual({
      sqlite: [{ id: 1 }],
      pg: [{ id: 1 }],
    });
  });

  it("ranks a title match above a content match, with the feed's weights", async () => {
    const ranked = await engines.pool.query(
      `SELECT id FROM posts WHERE search_vector @@ to_tsquery('simple', 'compost:*')
       ORDER BY ts_rank_cd('{0.1, 0.2, 0.5, 1.0}', search_vector, to_tsquery('simple', 'compost:*')) DESC, id DESC`,
    );
    expect(ranked.rows).toEqual([{ id: 1 }, { id: 2 }]);
    const sqlite = engines.sqlite
      .prepare(
        "SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH '\"compost\"*' ORDER BY bm25(posts_fts, 10.0, 1.0, 5.0), rowid DESC",
      )
      .all();
    expect(ranked.rows).toEqual(sqlite);
  });

  it("follows an edit and forgets a deleted post", async () => {
    await both(engines, "UPDATE posts SET title = 'Swap shop', tags = '[\"swap\"]' WHERE id = 3");
    expect(await found('"swap"*', "swap:*")).toEqual({ sqlite: [{ id: 3 }], pg: [{ id: 3 }] });
    expect(await found('"creme"*', "creme:*")).toEqual({ sqlite: [], pg: [] });
    await both(engines, "DELETE FROM posts WHERE id = 3");
    expect(await found('"swap"*', "swap:*")).toEqual({ sqlite: [], pg: [] });
  });

  it("finds a listing by its title or description", async () => {
    await both(
      engines,
      `INSERT INTO listings (id, seller_id, kind, title, description, category, material, condition, quantity, unit,
        price_cents, quantity_left, handover) VALUES (5, 1, 'free', 'Glass jars', 'Clean jam jars, about forty', 'glass', 'glass', 'used', 40, 'piece', 0, 40, 'collection')`,
    );
    const pg = await engines.pool.query("SELECT id FROM listings WHERE search_vector @@ to_tsquery('simple', 'jam:*')");
    const sqlite = engines.sqlite.prepare("SELECT rowid AS id FROM listings_fts WHERE listings_fts MATCH '\"jam\"*'").all();
    expect(pg.rows).toEqual([{ id: 5 }]);
    expect(pg.rows).toEqual(sqlite);
  });

  it("keeps the same spelling words as SQLite, from posts and listings", async () => {
    const words = await both(engines, "SELECT source, word FROM search_words ORDER BY source, word");
    expect(words.pg).toEqual(words.sqlite);
    expect(words.pg).toContainEqual({ source: "posts", word: "cardboard" });
    expect(words.pg).toContainEqual({ source: "listings", word: "forty" });
    // The corrections read a prefix as a range of words, in code point order as SQLite compares.
    const range = await both(
      engines,
      "SELECT word FROM search_words WHERE source = 'posts' AND word >= ? AND word < ? ORDER BY word",
      ["c", "c\u{10FFFF}"],
    );
    expect(range.pg).toEqual(range.sqlite);
    expect(range.pg.map((row) => row.word)).toEqual(["café", "cardboard", "community", "compost", "composting", "crop", "crème"]);
  });
});
