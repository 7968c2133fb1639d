import Database from "better-sqlite3";
import path from "node:path";
import type { TestServer } from "./server";

/**
 * The one way integration tests reach a test server's database file: to arrange what the API
 * does not make (a sample listing, an order that ended long ago) and to read what it does not
 * show. The server reads the file fresh on every request.
 */
export function withDatabase<T>(server: TestServer, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}
