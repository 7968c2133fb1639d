import { describe, expect, it } from "vitest";
import { sqliteClient, statement } from "./db.server";

/** What better-sqlite3 itself answers in its default mode (an object a row): what statement() must equal. */
const objectsOf = (sql: string, ...values: unknown[]) =>
  sqliteClient()
    .prepare(sql)
    .all(...values);

describe("statement() rows on SQLite", () => {
  it("are the objects SQLite's driver makes: names, values, types, order, named and positional values", async () => {
    const client = sqliteClient();
    client.exec(
      `CREATE TABLE IF NOT EXISTS statement_rows (id INTEGER PRIMARY KEY, name TEXT, weight REAL, data BLOB, note TEXT)`,
    );
    client.exec(`DELETE FROM statement_rows`);
    const insert = client.prepare(`INSERT INTO statement_rows (name, weight, data, note) VALUES (?, ?, ?, ?)`);
    insert.run("Crates — “lent”", 1.5, Buffer.from([1, 2]), null);
    insert.run("Pallets", 2, null, "two");
    const sql = `SELECT id, name, weight, data, note, weight * 2 AS "double weight" FROM statement_rows WHERE id > @from ORDER BY id`;
    const rows = await statement(sql).all({ from: 0 });
    expect(rows).toEqual(objectsOf(sql, { from: 0 }));
    expect(Object.keys(rows[0]!)).toEqual(["id", "name", "weight", "data", "note", "double weight"]);
    expect(await statement(`SELECT name FROM statement_rows WHERE id = ?`).get(rows[1]!.id)).toEqual({ name: "Pallets" });
    expect(await statement(`SELECT name FROM statement_rows WHERE id = ?`).get(-1)).toBeUndefined();
    expect(await statement(`SELECT name FROM statement_rows WHERE id < 0`).all()).toEqual([]);
  });

  it("keep the last of two columns of one name, as SQLite's objects do, and a column named __proto__ as a property", async () => {
    const twice = `SELECT 1 AS id, 2 AS id, 'x' AS label`;
    expect(await statement(twice).get()).toEqual(sqliteClient().prepare(twice).get());
    expect(await statement(twice).get()).toEqual({ id: 2, label: "x" });
    const row = (await statement(`SELECT 'kept' AS "__proto__", 3 AS n`).get())!;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("kept");
    expect(row.n).toBe(3);
  });

  it("follow a table that gains a column after the statement was first run (SELECT *)", async () => {
    const client = sqliteClient();
    client.exec(`DROP TABLE IF EXISTS statement_grows; CREATE TABLE statement_grows (id INTEGER PRIMARY KEY, name TEXT)`);
    client.exec(`INSERT INTO statement_grows (name) VALUES ('first')`);
    const sql = `SELECT * FROM statement_grows`;
    expect(await statement(sql).all()).toEqual([{ id: 1, name: "first" }]);
    client.exec(`ALTER TABLE statement_grows ADD COLUMN colour TEXT DEFAULT 'green'`);
    expect(await statement(sql).all()).toEqual([{ id: 1, name: "first", colour: "green" }]);
    expect(await statement(sql).get()).toEqual(objectsOf(sql)[0]);
  });

  it("leave the statement's other modes as they were: arrays, one value, one column", async () => {
    const sql = `SELECT 7 AS n, 'seven' AS word`;
    expect(await statement(sql).get()).toEqual({ n: 7, word: "seven" });
    expect(await statement(sql).values()).toEqual([[7, "seven"]]);
    expect(await statement(sql).value()).toBe(7);
    expect(await statement(sql).column()).toEqual([7]);
    expect(await statement(sql).all()).toEqual([{ n: 7, word: "seven" }]);
  });
});
