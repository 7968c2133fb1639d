import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../../db/schema";
import { getDb, sqliteClient, statement } from "./db.server";
import { limitCompiledOnce } from "./sqlite-limit.server";

describe("a bound LIMIT written so that SQLite compiles the statement once", () => {
  it("writes each bare bound LIMIT as an expression, any placeholder, any case", () => {
    expect(limitCompiledOnce("SELECT id FROM posts ORDER BY id DESC LIMIT ?")).toBe(
      "SELECT id FROM posts ORDER BY id DESC LIMIT +?",
    );
    expect(limitCompiledOnce("select id from posts limit ? offset ?")).toBe("select id from posts limit +? offset ?");
    expect(limitCompiledOnce("SELECT id FROM posts LIMIT @limit OFFSET @offset")).toBe(
      "SELECT id FROM posts LIMIT +@limit OFFSET @offset",
    );
    expect(limitCompiledOnce("SELECT id FROM posts LIMIT\n  :size")).toBe("SELECT id FROM posts LIMIT\n  +:size");
    expect(limitCompiledOnce("SELECT id FROM posts LIMIT ?2")).toBe("SELECT id FROM posts LIMIT +?2");
    expect(limitCompiledOnce("SELECT * FROM (SELECT id FROM a LIMIT $n) UNION ALL SELECT id FROM b LIMIT ?")).toBe(
      "SELECT * FROM (SELECT id FROM a LIMIT +$n) UNION ALL SELECT id FROM b LIMIT +?",
    );
  });

  it("leaves a LIMIT that is already a number or an expression, and words in literals, names and comments", () => {
    for (const sql of [
      "SELECT id FROM posts LIMIT 8",
      "SELECT id FROM posts LIMIT (? + 1)",
      "SELECT id FROM posts LIMIT +?",
      "SELECT 'LIMIT ?' AS words, \"limit @x\" FROM posts -- LIMIT ?\nLIMIT 3",
      "SELECT id /* LIMIT @limit */ FROM posts",
      "SELECT limits FROM unlimited LIMIT 1",
      "SELECT id FROM posts",
    ])
      expect(limitCompiledOnce(sql)).toBe(sql);
  });

  it("reads the same rows through statement() and the ORM as the LIMIT asks", async () => {
    const client = sqliteClient();
    client.exec(`DROP TABLE IF EXISTS limit_rows; CREATE TABLE limit_rows (id INTEGER PRIMARY KEY)`);
    client.exec(`INSERT INTO limit_rows (id) VALUES (1), (2), (3), (4), (5)`);
    const read = statement(`SELECT id FROM limit_rows ORDER BY id DESC LIMIT @limit OFFSET @offset`);
    expect(await read.all({ limit: 2, offset: 0 })).toEqual([{ id: 5 }, { id: 4 }]);
    expect(await read.all({ limit: 3, offset: 1 })).toEqual([{ id: 4 }, { id: 3 }, { id: 2 }]);
    expect(await read.all({ limit: 0, offset: 0 })).toEqual([]);
    expect(await read.all({ limit: -1, offset: 3 })).toEqual([{ id: 2 }, { id: 1 }]);
    expect(await statement(`SELECT id FROM limit_rows ORDER BY id LIMIT ?`).column(2)).toEqual([1, 2]);
    await getDb().delete(rateLimits).run();
    await getDb()
      .insert(rateLimits)
      .values([1, 2, 3].map((count) => ({ key: `limit-${count}`, resetAt: 1, count })))
      .run();
    for (const size of [1, 2])
      expect(
        (await getDb().select().from(rateLimits).orderBy(desc(rateLimits.count)).limit(size).all()).map((row) => row.count),
      ).toEqual([3, 2].slice(0, size));
  });
});
