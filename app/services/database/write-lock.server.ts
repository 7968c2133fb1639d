import { sqliteClient } from "~/services/database/db.server";
import type Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS, getDb, isDatabaseBusy } from "./db.server";
import { logLine } from "../log.server";

/**
 * Whether another program (the sqlite3 shell in a transaction, a migration run by hand) holds the
 * database's write lock, and waiting for it without stopping the process (decision 027).
 *
 * better-sqlite3 waits for a lock synchronously: the busy timeout is time the whole process
 * stands still, every request with it. So a write is let in only once the lock was seen free,
 * asked without waiting (BEGIN IMMEDIATE with no timeout, then ROLLBACK) and asked again after
 * growing pauses on timers, about a second in all. Another worker's transaction lasts a
 * millisecond or so and is waited out that way, off the event loop. A lock still taken after
 * HELD_AFTER_MS with nothing committed meanwhile (a burst of workers' writes commits all along) is
 * another program's: from then on the connection waits for no lock at all (busy
 * timeout 0), so every write fails at once and answers 503, until a check finds it free again.
 */

/** The pauses between two asks for the lock before a write: about a second in all. */
const TURN_PAUSES_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
/**
 * A lock taken this long with nothing committed is not another worker's transaction: on a busy
 * machine a worker's transaction can stall for tens of milliseconds, so well above that.
 */
const HELD_AFTER_MS = 500;
/** While it is held, the lock is asked for this often, so writes resume once it is let go. */
const RECHECK_MS = 250;

let heldSince: number | undefined;
let recheckTimer: NodeJS.Timeout | undefined;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The open connection, or none while the database is closed (starting, stopping). */
function connection(): Database.Database | undefined {
  try {
    return sqliteClient(getDb());
  } catch {
    return undefined;
  }
}

/** Whether this connection could take the write lock right now, asked without waiting (and never throwing). */
function lockIsFree(sqlite: Database.Database): boolean {
  // Our own transaction holds it (one never spans an await, so this is a caller inside one).
  if (sqlite.inTransaction) return true;
  sqlite.pragma("busy_timeout = 0");
  try {
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.exec("ROLLBACK");
    return true;
  } catch (error) {
    // Any other failure (a read-only file) is the write's own to meet and report.
    return !isDatabaseBusy(error);
  } finally {
    sqlite.pragma(`busy_timeout = ${heldSince === undefined ? BUSY_TIMEOUT_MS : 0}`);
  }
}

function markHeld(sqlite: Database.Database) {
  if (heldSince !== undefined) return;
  heldSince = Date.now();
  sqlite.pragma("busy_timeout = 0");
  logLine("Database busy: another program holds the write lock; writes answer 503 until it lets go");
  recheckTimer = setInterval(() => {
    const current = connection();
    if (!current || current !== sqlite) return markFree(undefined);
    if (lockIsFree(current)) markFree(current);
  }, RECHECK_MS);
  recheckTimer.unref();
}

function markFree(sqlite: Database.Database | undefined) {
  if (heldSince === undefined) return;
  const seconds = Math.round((Date.now() - heldSince) / 1000);
  heldSince = undefined;
  clearInterval(recheckTimer);
  sqlite?.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  logLine(`Database: the write lock is free again after ${seconds} s; writes go through`);
}

/**
 * Resolves once the write lock was seen free (the caller then writes at once), or after about a
 * second of seeing it taken: the caller's write then fails at once with SQLITE_BUSY, which the
 * edge answers with 503. Costs the process no waiting either way.
 */
export async function awaitWriteTurn(only?: Database.Database): Promise<void> {
  let stalledSince = Date.now();
  let version: number | undefined;
  for (const ms of [...TURN_PAUSES_MS, 0]) {
    const sqlite = connection();
    // A connection other than the process's (a test's) is not watched.
    if (!sqlite || (only && only !== sqlite)) return;
    if (lockIsFree(sqlite)) return markFree(sqlite);
    // Other connections committing meanwhile are workers taking their turns in a burst of
    // writes, not a program holding the lock: only a lock taken with nothing committed for
    // HELD_AFTER_MS is held.
    const seen = dataVersion(sqlite);
    if (seen !== version) {
      if (version !== undefined) stalledSince = Date.now();
      version = seen;
    }
    if (Date.now() - stalledSince >= HELD_AFTER_MS) markHeld(sqlite);
    if (ms) await pause(ms);
  }
}

/** Changes whenever another connection commits to the database (SQLite's PRAGMA data_version). */
function dataVersion(sqlite: Database.Database): number {
  return sqlite.pragma("data_version", { simple: true }) as number;
}

/**
 * Whether another program holds the write lock, for /healthz: asked without waiting, and a lock
 * that is taken is asked again for about HELD_AFTER_MS, so a worker's transaction is not taken
 * for it.
 */
export async function isWriteLockHeld(): Promise<boolean> {
  const started = Date.now();
  for (let ms = 1; ; ms *= 2) {
    const sqlite = connection();
    if (!sqlite) return false;
    if (lockIsFree(sqlite)) {
      markFree(sqlite);
      return false;
    }
    if (heldSince !== undefined) return true;
    if (Date.now() - started >= HELD_AFTER_MS) {
      markHeld(sqlite);
      return true;
    }
    await pause(ms);
  }
}

/**
 * Runs a write that may be skipped (a session's last use) without waiting for the lock at all:
 * when any other connection holds it, the write fails at once with SQLITE_BUSY for the caller to
 * drop. For the writes of requests that only read, which are never made to wait.
 */
export function writeWithoutWaiting<T>(write: () => Promise<T>): Promise<T> {
  const sqlite = connection();
  if (!sqlite || sqlite.inTransaction) return write();
  sqlite.pragma("busy_timeout = 0");
  // SQLite's statements run within the call, so the timeout is put back before anything else runs.
  try {
    return write();
  } finally {
    sqlite.pragma(`busy_timeout = ${heldSince === undefined ? BUSY_TIMEOUT_MS : 0}`);
  }
}

/**
 * A write failed with SQLITE_BUSY although it waited BUSY_TIMEOUT_MS: another program took the
 * lock meanwhile. From now on writes fail at once instead of each waiting. With `only`, just when
 * that is the process's connection.
 */
export function noteDatabaseBusy(only?: Database.Database) {
  const sqlite = connection();
  if (sqlite && (!only || only === sqlite)) markHeld(sqlite);
}
