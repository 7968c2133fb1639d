/**
 * A PostgreSQL database of its own for a test file: created on the server TEST_POSTGRES_URL names,
 * migrated with db/pg/migrations, dropped when the file ends. Also the SQLite twin, migrated with
 * db/migrations, for statements run on both engines.
 */
import crypto from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll } from "vitest";
import { migratedSqlite } from "../../db/pg/sqlite-schema";

export const MIGRATIONS = "db/pg/migrations";

function serverUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error("The postgres tests need TEST_POSTGRES_URL (a PostgreSQL 15 server where they may create databases)");
  return url;
}

/** bigint columns read as numbers, as better-sqlite3 reads SQLite's integers. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The databases this file created: closed and dropped once its tests are done. */
const created: { name: string; pool: pg.Pool }[] = [];
afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  for (const { name, pool } of created.splice(0)) {
    // A connection still closing when the database is dropped is ended by the server: expected here.
    pool.on("error", () => {});
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await admin.end();
});

/** A fresh, empty database, dropped after the file's tests. */
export async function emptyDatabase(): Promise<pg.Pool> {
  const name = `pgschema_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2, types });
  created.push({ name, pool });
  return pool;
}

export async function migrateDatabase(pool: pg.Pool) {
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
}

export async function migratedDatabase(): Promise<pg.Pool> {
  const pool = await emptyDatabase();
  await migrateDatabase(pool);
  return pool;
}

export { migratedSqlite };

/** A statement written with SQLite's ? placeholders, numbered for PostgreSQL. */
export const numbered = (statement: string) => {
  let count = 0;
  return statement.replace(/\?/g, () => `$${++count}`);
};
