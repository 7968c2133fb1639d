import fs from "node:fs";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { readSqliteSchema, type Table } from "../../db/pg/sqlite-schema";
import { pgType } from "../../db/pg/sqlite-to-pg";
import { emptyDatabase, migrateDatabase, migratedSqlite, numbered } from "./database";

const ACTIONS: Record<string, string> = { a: "NO ACTION", r: "RESTRICT", c: "CASCADE", n: "SET NULL", d: "SET DEFAULT" };

async function pgSchema(pool: pg.Pool) {
  const columns = (
    await pool.query(`SELECT table_name, column_name, data_type, collation_name, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema = 'public'`)
  ).rows as {
    table_name: string;
    column_name: string;
    data_type: string;
    collation_name: string | null;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }[];
  const constraints = (
    await pool.query(`SELECT c.conname AS name, c.contype AS type, c.conrelid::regclass::text AS table_name,
        c.confrelid::regclass::text AS referenced, c.confupdtype AS on_update, c.confdeltype AS on_delete,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num) AS columns,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num) AS referenced_columns
      FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace`)
  ).rows as {
    name: string;
    type: string;
    table_name: string;
    referenced: string;
    on_update: string;
    on_delete: string;
    columns: string[];
    referenced_columns: string[] | null;
  }[];
  const indexes = (
    await pool.query(`SELECT i.relname AS name, t.relname AS table_name, x.indisunique AS is_unique, pg_get_expr(x.indpred, x.indrelid) AS predicate
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = 'public'::regnamespace AND NOT x.indisprimary`)
  ).rows as { name: string; table_name: string; is_unique: boolean; predicate: string | null }[];
  return { columns, constraints, indexes };
}

describe("the PostgreSQL migrations", () => {
  it("apply to an empty database, and a second run changes nothing", async () => {
    const pool = await emptyDatabase();
    await migrateDatabase(pool);
    const applied = async () => (await pool.query("SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id")).rows;
    const objects = async () =>
      (await pool.query("SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace")).rows[0].n;
    const first = { migrations: await applied(), objects: await objects() };
    // The generated schema, the hand-written triggers and functions, and each change since.
    expect(first.migrations).toHaveLength(fs.readdirSync("db/pg/migrations").filter((file) => file.endsWith(".sql")).length);
    expect(first.migrations.length).toBeGreaterThanOrEqual(3);

    await migrateDatabase(pool);
    expect({ migrations: await applied(), objects: await objects() }).toEqual(first);
  });

  describe("mirror the SQLite schema", async () => {
    const sqlite = migratedSqlite();
    const tables = readSqliteSchema(sqlite);
    sqlite.close();
    const pool = await emptyDatabase();
    await migrateDatabase(pool);
    const schema = await pgSchema(pool);

    it("every table and column, with the mapped type, nullability and default", () => {
      const seen = (table: Table) =>
        table.columns.map((column) => {
          const twin = schema.columns.find((row) => row.table_name === table.name && row.column_name === column.name);
          return {
            column: `${table.name}.${column.name}`,
            type: twin?.data_type,
            collation: twin?.collation_name,
            nullable: twin?.is_nullable === "YES",
            hasDefault: twin ? twin.column_default !== null || twin.is_identity === "YES" : undefined,
          };
        });
      const expected = (table: Table) =>
        table.columns.map((column) => ({
          column: `${table.name}.${column.name}`,
          type: pgType(column.type),
          collation: pgType(column.type) === "text" ? "C" : null,
          nullable: !column.notNull && !table.primaryKey.includes(column.name),
          hasDefault: column.defaultSql !== null || table.rowidAlias === column.name,
        }));
      expect(tables.length).toBeGreaterThan(50);
      expect(tables.flatMap(seen)).toEqual(tables.flatMap(expected));
    });

    it("every primary key, foreign key (with its actions) and check", () => {
      const of = (type: string) => schema.constraints.filter((row) => row.type === type);
      for (const table of tables) {
        const primary = of("p").find((row) => row.table_name === table.name);
        expect(primary?.columns ?? [], table.name).toEqual(table.primaryKey);
        const keys = of("f")
          .filter((row) => row.table_name === table.name)
          .map((row) => ({
            columns: row.columns,
            table: row.referenced,
            references: row.referenced_columns,
            onUpdate: ACTIONS[row.on_update],
            onDelete: ACTIONS[row.on_delete],
          }));
        const sqliteKeys = table.foreignKeys.map((key) => ({
          ...key,
          onUpdate: key.onUpdate.toUpperCase(),
          onDelete: key.onDelete.toUpperCase(),
        }));
        const order = (list: { columns: string[]; table: string }[]) =>
          [...list].sort((a, b) => `${a.table}${a.columns}`.localeCompare(`${b.table}${b.columns}`));
        expect(order(keys), table.name).toEqual(order(sqliteKeys));
        const checks = of("c")
          .filter((row) => row.table_name === table.name)
          .map((row) => row.name)
          .sort();
        expect(checks, table.name).toEqual(table.checks.map((check) => check.name).sort());
      }
    });

    it("every index, unique where SQLite's is, partial where SQLite's is", () => {
      for (const table of tables) {
        const twins = schema.indexes.filter((row) => row.table_name === table.name);
        for (const index of table.indexes) {
          const twin = twins.find((row) => row.name === index.name);
          expect({ name: index.name, unique: twin?.is_unique, partial: Boolean(twin?.predicate) }).toEqual({
            name: index.name,
            unique: index.unique,
            partial: / WHERE /i.test(index.sql),
          });
        }
      }
    });

    it("gives an insert's omitted columns the values SQLite gives them", async () => {
      const columns = "username, email, password_hash";
      const values = ["ada", "ada@example.test", "!"];
      const twinSqlite = migratedSqlite();
      const before = Date.now();
      const fromSqlite = twinSqlite
        .prepare(`INSERT INTO users (${columns}) VALUES (?, ?, ?) RETURNING *`)
        .get(...values) as Record<string, unknown>;
      const fromPg = (await pool.query(numbered(`INSERT INTO users (${columns}) VALUES (?, ?, ?) RETURNING *`), values))
        .rows[0] as Record<string, unknown>;
      twinSqlite.close();
      for (const row of [fromSqlite, fromPg]) {
        expect(row.created_at).toBeGreaterThanOrEqual(before - 1);
        expect(row.created_at).toBeLessThanOrEqual(Date.now());
      }
      expect({ ...fromPg, created_at: 0 }).toEqual({ ...fromSqlite, created_at: 0 });
    });
  });
});

describe("an integer primary key", () => {
  it("is filled when Drizzle's insert sends an explicit null, and never reuses an id given explicitly", async () => {
    const pool = await emptyDatabase();
    await migrateDatabase(pool);
    const insert = (id: number | null, email: string) =>
      pool.query(`INSERT INTO "users" ("id", "username", "email", "password_hash") VALUES ($1, 'm', $2, '!') RETURNING "id"`, [
        id,
        email,
      ]);
    expect((await insert(null, "a@x.test")).rows[0].id).toBe(1);
    expect((await insert(40, "b@x.test")).rows[0].id).toBe(40);
    expect((await insert(null, "c@x.test")).rows[0].id).toBe(41);
    // The same for a table whose key is not called id.
    const year = await pool.query(`INSERT INTO transfer_note_numbers ("year", "last") VALUES (null, 0) RETURNING "year"`);
    expect(year.rows[0].year).toBe(1);
  });
});
