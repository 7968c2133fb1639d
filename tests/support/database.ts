import Database from "better-sqlite3";
import path from "node:path";
import { WRITE_LOCK_KEY } from "~/services/database/postgres-lock.server";
import { PostgresDatabase } from "./postgres-sync";
import type { TestServer } from "./server";

/**
 * What a test may do with a server's database, the same on both engines: better-sqlite3's
 * synchronous statements, and on PostgreSQL (TEST_ENGINE=postgres) the same SQLite text
 * rewritten by the engine's dialect (tests/support/postgres-sync.ts).
 */
export type TestStatement = {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  pluck(toggle?: boolean): TestStatement;
};

export type TestDatabase = {
  prepare(sql: string): TestStatement;
  exec(sql: string): unknown;
  transaction<Args extends unknown[], Result>(work: (...args: Args) => Result): (...args: Args) => Result;
};

/**
 * The one way integration tests reach a test server's database: to arrange what the API does
 * not make (a sample listing, an order that ended long ago) and to read what it does not show.
 * The server reads the database fresh on every request.
 */
export function withDatabase<T>(server: TestServer, work: (db: TestDatabase) => T): T {
  const db = openDatabase(server);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The database held open across a file's tests (closed by the test); prefer withDatabase. */
export function openDatabase(server: TestServer): TestDatabase & { close(): void } {
  if (server.env.DATABASE_URL) return new PostgresDatabase(server.env.DATABASE_URL);
  const db = new Database(path.join(server.dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db as unknown as TestDatabase & { close(): void };
}

/**
 * Another program holding the database's write lock until the answer is called: on SQLite a
 * shell's open write transaction; on PostgreSQL, where a lone statement writes without the one
 * lock transactions take, a session holding that lock and the named tables locked against writes
 * (as a migration run by hand would).
 */
export function holdWriteLock(server: TestServer, tables: string[] = []): () => void {
  const db = openDatabase(server);
  if (server.env.DATABASE_URL) {
    db.exec("BEGIN");
    db.prepare("SELECT pg_advisory_xact_lock(?)").get(WRITE_LOCK_KEY);
    for (const table of tables) db.exec(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    return () => db.exec("ROLLBACK");
  }
  db.exec("BEGIN IMMEDIATE");
  return () => {
    db.exec("ROLLBACK");
    db.close();
  };
}
