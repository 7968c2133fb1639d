import { watchDatabase } from "./db.server";
import { databaseDamage } from "./db-integrity.server";
import { isWriteLockHeld } from "./write-lock.server";

/** What /healthz says of the database. */
export type DatabaseHealth = "ok" | "busy" | "damaged" | "unavailable";

/**
 * "unavailable" when the database does not answer or its file is not the one the server opened
 * (logged once by watchDatabase), "damaged" when a check or a request found the file damaged,
 * "busy" when another program holds the write lock (writes are refused), and "ok" otherwise.
 * Asks without waiting for any lock.
 */
export async function databaseHealth(): Promise<DatabaseHealth> {
  if (!watchDatabase().ok) return "unavailable";
  if (databaseDamage()) return "damaged";
  return (await isWriteLockHeld()) ? "busy" : "ok";
}
