import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import type * as schema from "./schema";

/**
 * What every store runs its queries on, on either engine: Drizzle's SQLite query builder with
 * results that are promises. On SQLite it is the better-sqlite3 database itself, whose results are
 * ready values (awaiting one takes a microtask); on PostgreSQL it sends the same statements,
 * rewritten for PostgreSQL, to a connection pool (decision 055). So every result is awaited.
 */
export type AppDatabase = SqliteRemoteDatabase<typeof schema>;

/** The SQLite engine's own handle: Drizzle over better-sqlite3, with the raw client for pragmas. */
export type SqliteDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
