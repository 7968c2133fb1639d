import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database, { type Statement } from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * The project root is two folders above this module both in the source tree (app/utils/)
 * and in the server build (build/server/), so migrations are found from either.
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The folder holding package.json above this module: app/utils/ in the source tree, and in the
 * server build build/server/ or, when the bundle is split into chunks, build/server/assets/.
 */
function findProjectRoot(start: string) {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  }
  return path.resolve(start, "../..");
}
const migrationsFolder = path.join(projectRoot, "db/migrations");

/** With `logSql`, each statement run is logged on one line as `SQL: …`, its values filled in. */
export function openDatabase(file: string, { logSql = false } = {}): AppDatabase {
  const sqlite = new Database(file, logSql ? { verbose: (sql) => console.log(`SQL: ${String(sql).replace(/\s+/g, " ")}`) } : {});
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // With WAL, NORMAL loses no committed data on a process crash and saves an fsync per write.
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  return db;
}

let current: AppDatabase | undefined;

export function setDatabase(db: AppDatabase | undefined) {
  current = db;
}

/** The process's database, opened by `startApp` (entry.server) before the first request. */
export function getDb(): AppDatabase {
  if (!current) throw new Error("The database is not open: startApp() has not run");
  return current;
}

export function closeDatabase() {
  if (!current) return;
  // Fold the WAL back into the main file so a stopped server leaves one self-contained file.
  current.$client.pragma("wal_checkpoint(TRUNCATE)");
  current.$client.close();
  current = undefined;
}

const statementCache = new WeakMap<Database.Database, Map<string, Statement>>();

/**
 * A prepared statement for this SQL on the open connection, prepared once and reused. For the
 * hot read paths (feeds), where building the query through the ORM on every request would cost
 * more than running it.
 */
export function prepared(sql: string): Statement {
  const client = getDb().$client;
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = client.prepare(sql)));
  return statement;
}
