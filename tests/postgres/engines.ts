/** The same statements on both engines: the SQLite schema of db/migrations and its PostgreSQL twin. */
import type Database from "better-sqlite3";
import type pg from "pg";
import { numbered } from "./database";

export type Engines = { sqlite: Database.Database; pool: pg.Pool };

/** Runs a statement on both; each engine's rows (empty for a statement that returns none). */
export async function both(engines: Engines, statement: string, params: unknown[] = []) {
  const prepared = engines.sqlite.prepare(statement);
  const sqliteRows = prepared.reader ? prepared.all(...params) : (prepared.run(...params), []);
  const pgRows = (await engines.pool.query(numbered(statement), params)).rows;
  return { sqlite: sqliteRows as Record<string, unknown>[], pg: pgRows as Record<string, unknown>[] };
}

/** Each engine's refusal of a statement: its message, or null when it went through. */
export async function refusals(engines: Engines, statement: string, params: unknown[] = []) {
  let sqlite: string | null = null;
  let postgres: string | null = null;
  try {
    engines.sqlite.prepare(statement).run(...params);
  } catch (error) {
    sqlite = (error as Error).message;
  }
  try {
    await engines.pool.query(numbered(statement), params);
  } catch (error) {
    postgres = (error as Error).message;
  }
  return { sqlite, pg: postgres };
}

/** Inserts members 1..count on both engines. */
export async function members(engines: Engines, count: number) {
  for (let id = 1; id <= count; id++)
    await both(engines, "INSERT INTO users (id, username, email, password_hash) VALUES (?, ?, ?, '!')", [
      id,
      `member${id}`,
      `member${id}@example.test`,
    ]);
}
