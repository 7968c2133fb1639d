import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type * as schema from "./schema";

/** The app's database handle: Drizzle over better-sqlite3, with the raw client for pragmas and prepared statements. */
export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
