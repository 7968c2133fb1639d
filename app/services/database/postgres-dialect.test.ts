import { describe, expect, it } from "vitest";
import { renamePreparedStatements, rewrite, toPostgres } from "./postgres-dialect.server";

describe("SQLite's SQL for PostgreSQL", () => {
  it("numbers positional placeholders in order and leaves those in literals and quoted names alone", () => {
    const { text, values } = toPostgres(`SELECT '?', "a?b" FROM t WHERE a = ? AND b = ? -- c?\n AND d = ?`, [1, true, undefined]);
    expect(text).toBe(`SELECT '?', "a?b" FROM t WHERE a = $1 AND b = $2 -- c?\n AND d = $3`);
    expect(values).toEqual([1, 1, null]);
  });

  it("gives a named placeholder one number however often it is used, in each spelling", () => {
    const { text, values } = toPostgres("SELECT * FROM t WHERE a = @id OR b = :id OR c = $now AND d::text = 'x@y'", [
      { id: 7, now: 9, unused: 1 },
    ]);
    expect(text).toBe("SELECT * FROM t WHERE a = $1 OR b = $1 OR c = $2 AND d::text = 'x@y'");
    expect(values).toEqual([7, 9]);
  });

  it("ignores conflicts where SQLite would, before RETURNING", () => {
    expect(rewrite("INSERT OR IGNORE INTO t (a) VALUES (?) RETURNING id").text).toBe(
      "INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id",
    );
    expect(rewrite("insert or ignore into t (a) values (?)").text).toBe("insert into t (a) values ($1) ON CONFLICT DO NOTHING");
  });

  it("names an upsert's target columns without their table", () => {
    expect(rewrite('insert into "t" ("a") values (?) on conflict ("t"."a", "t"."b") do update set "c" = ?').text).toBe(
      'insert into "t" ("a") values ($1) on conflict ("a", "b") do update set "c" = $2',
    );
  });

  it("reads a JSON array of ids, and a JSON list of words joined as a table", () => {
    expect(rewrite("SELECT * FROM posts WHERE id IN (SELECT value FROM json_each(?))").text).toBe(
      "SELECT * FROM posts WHERE id = ANY(ARRAY(SELECT value::bigint FROM json_array_elements_text(($1)::json)))",
    );
    expect(rewrite("SELECT lower(t.value) FROM posts p, json_each(p.tags) t").text).toBe(
      "SELECT lower(t.value) FROM posts p, json_array_elements_text((p.tags)::json) AS t(value)",
    );
  });

  it("keeps the case of a column alias, which PostgreSQL would fold", () => {
    expect(rewrite('SELECT count, reset_at AS resetAt, p.id as id, x AS "quoted" FROM t').text).toBe(
      'SELECT count, reset_at AS "resetAt", p.id as id, x AS "quoted" FROM t',
    );
  });

  it("says ifnull, two-argument max and min, LIKE and casts the PostgreSQL way, and leaves aggregates be", () => {
    expect(rewrite("SELECT ifnull(a, 0), max(0, b - 1), min(x, max(y, 2)), max(c), count(*) FROM t WHERE n LIKE ?").text).toBe(
      "SELECT coalesce(a, 0), greatest(0, b - 1), least(x, greatest(y, 2)), max(c), count(*) FROM t WHERE n ILIKE $1",
    );
    expect(rewrite("SELECT CAST(a AS REAL), CAST(b AS INTEGER), CAST(c AS TEXT) FROM t").text).toBe(
      "SELECT CAST(a AS double precision), CAST(b AS bigint), CAST(c AS TEXT) FROM t",
    );
  });

  it("does not take a word that merely contains a keyword for it", () => {
    expect(rewrite("SELECT unlike, maximum(a, b), t.max_price FROM t").text).toBe(
      "SELECT unlike, maximum(a, b), t.max_price FROM t",
    );
  });

  it("refuses a statement that mixes named and positional placeholders", () => {
    expect(() => rewrite("SELECT * FROM t WHERE a = ? AND b = @b")).toThrow(/mixes/);
  });

  it("keeps a mixed-case name's case, as SQLite does, but not a function's or a keyword's", () => {
    expect(rewrite("SELECT s.last_seen_at AS lastSeenAt, Count(*) AS n FROM s ORDER BY lastSeenAt DESC").text).toBe(
      'SELECT s.last_seen_at AS "lastSeenAt", Count(*) AS n FROM s ORDER BY "lastSeenAt" DESC',
    );
    expect(rewrite(`SELECT a AS "userId", 'camelCase' FROM t WHERE b = @userId`).text).toBe(
      `SELECT a AS "userId", 'camelCase' FROM t WHERE b = $1`,
    );
  });

  it("gives a statement without placeholders no values, even an object of names it does not use", () => {
    expect(toPostgres("SELECT count(*) AS total FROM audit_log a", [{ limit: 20, offset: 0 }])).toMatchObject({
      text: "SELECT count(*) AS total FROM audit_log a",
      values: [],
    });
  });

  it("names a process's first statements, keeps their names however many others come and go, and renames all after a migration", () => {
    const hot = toPostgres("SELECT id FROM posts WHERE author_id = ?", [7]);
    expect(hot.name).toMatch(/^s0_\d+$/);
    for (let i = 0; i < 3_000; i++)
      toPostgres(
        `SELECT id FROM posts WHERE id IN (${Array(i + 1)
          .fill("?")
          .join(", ")})`,
        [],
      );
    expect(toPostgres("SELECT id FROM posts WHERE author_id = ?", [7]).name).toBe(hot.name);
    // Past the 500 named, a new statement runs unnamed.
    expect(toPostgres("SELECT 'a statement never seen' AS late", []).name).toBeUndefined();
    renamePreparedStatements();
    expect(toPostgres("SELECT id FROM posts WHERE author_id = ?", [7]).name).toBe(hot.name!.replace(/^s0_/, "s1_"));
  });
});
