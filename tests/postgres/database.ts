/**
 * A PostgreSQL database of its own for a test file: created on the server TEST_POSTGRES_URL names,
 * migrated with db/pg/migrations, dropped when the file ends. Also the SQLite twin, migrated with
 * db/migrations, for statements run on both engines.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll } from "vitest";
import { migratedSqlite } from "../../db/pg/sqlite-schema";
import { createTestDatabase } from "../support/postgres";

export const MIGRATIONS = "db/pg/migrations";

/** bigint columns read as numbers, as better-sqlite3 reads SQLite's integers. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The databases this file created: closed and dropped once its tests are done. */
const created: { drop: () => Promise<void>; pool: pg.Pool }[] = [];
afterAll(async () => {
  for (const { drop, pool } of created.splice(0)) {
    // A connection still closing when the database is dropped is ended by the server: expected here.
    pool.on("error", () => {});
    await pool.end();
    await drop();
  }
});

/** A fresh, empty database, dropped after the file's tests. */
export async function emptyDatabase(): Promise<pg.Pool> {
  const database = await createTestDatabase("pgschema_test");
  const pool = new pg.Pool({ connectionString: database.url, max: 2, types });
  created.push({ drop: database.drop, pool });
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
