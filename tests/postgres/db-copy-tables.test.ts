import { describe, expect, it } from "vitest";
import { checkSameSchema, copyTable, readSqliteTables } from "../../app/services/database/db-copy-tables.server";
import { migratedDatabase, migratedSqlite } from "./database";

/** The tables db:copy copies, and the order it copies them and their rows in. */

const sqlite = migratedSqlite();
const pool = await migratedDatabase();
const tables = readSqliteTables(sqlite);

describe("the tables db:copy copies", () => {
  it("are the schema's own, without the full-text tables, SQLite's and drizzle's", () => {
    const names = tables.map((table) => table.name);
    expect(names).toContain("users");
    expect(names).toContain("search_words");
    expect(names.filter((name) => /fts|^sqlite_|drizzle/.test(name))).toEqual([]);
  });

  it("each come after every table their foreign keys refer to", () => {
    const names = tables.map((table) => table.name);
    for (const [at, table] of tables.entries()) {
      for (const other of table.dependsOn) expect(names.indexOf(other), `${table.name} after ${other}`).toBeLessThan(at);
    }
  });

  it("match this version's PostgreSQL schema, SQLite's rowid copied where PostgreSQL has a column for it", async () => {
    const client = await pool.connect();
    try {
      await checkSameSchema(client, tables);
    } finally {
      client.release();
    }
    expect(tables.filter((table) => table.copiesRowid).map((table) => table.name)).toEqual([
      "activity_days",
      "post_interactions",
    ]);
  });
});

describe("a table whose rows refer to each other", () => {
  it("arrives each row after the one it refers to, whatever their ids, one row per INSERT", async () => {
    sqlite
      .prepare("INSERT INTO users (id, username, email, password_hash) VALUES (1, 'Holder', 'holder@example.org', '!')")
      .run();
    const lot = sqlite.prepare(
      "INSERT INTO lots (id, holder_id, material, ewc_codes, weight_kg, weight_left_kg, parent_lot_id, path) VALUES (?, 1, 'metals', '[]', 10, 10, ?, ?)",
    );
    lot.run(901, null, "901");
    lot.run(900, 901, "901/900");
    lot.run(899, 900, "901/900/899");
    lot.run(898, 901, "901/898");
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const name of ["users", "lots"]) {
        await copyTable(
          sqlite,
          client,
          tables.find((table) => table.name === name)!,
          () => {},
          { batchRows: 1 },
        );
      }
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect((await pool.query("SELECT id, parent_lot_id FROM lots ORDER BY id")).rows).toEqual([
      { id: 898, parent_lot_id: 901 },
      { id: 899, parent_lot_id: 900 },
      { id: 900, parent_lot_id: 901 },
      { id: 901, parent_lot_id: null },
    ]);
  });
});
