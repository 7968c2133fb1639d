import cluster, { type Worker as ClusterWorker } from "node:cluster";
import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { getEnv, StartupError } from "../env.server";
import { logLine } from "../log.server";
import { onPeerNews, tellPeers, type PeerNews } from "../peers.server";

/**
 * Whether the database file is damaged (decision 027): SQLite's `PRAGMA quick_check` at start-up
 * and every few minutes after, and any SQLITE_CORRUPT met while serving. A damaged file is not
 * served: the start stops with one line, and damage found later makes /healthz answer 503.
 *
 * The check reads the whole file, so it runs in a worker thread on a connection of its own, off
 * the event loop. The start waits for it at most START_CHECK_WAIT_MS (a file of a few GB takes
 * longer): then the server starts and the check finishes in the background, marking /healthz if
 * it finds damage. The periodic check waits at least 100 times as long as the last one took, so
 * it costs at most about 1% of one core whatever the file's size.
 */

const START_CHECK_WAIT_MS = 10_000;
/** A check is started again at the earliest this many times its last duration later. */
const CHECK_COST_FACTOR = 100;
/** quick_check stops listing problems after this many: the first one names the damage. */
const MAX_PROBLEMS = 5;
const DAMAGED_NEWS = "database-damaged";

/** `ms`: how long SQLite's check itself took. */
type CheckResult = { state: "ok"; ms: number } | { state: "damaged"; problem: string } | { state: "unchecked"; reason: string };

// Runs in the worker thread: CommonJS, with the driver the server uses. query_only: it never writes.
const CHECK_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true, timeout: 5000 });
  db.pragma("query_only = 1");
  const started = performance.now();
  const rows = db.pragma("quick_check(" + workerData.maxProblems + ")", { simple: false });
  const ms = performance.now() - started;
  parentPort.postMessage({ rows: rows.map((row) => String(Object.values(row)[0])), ms });
} catch (error) {
  parentPort.postMessage({ code: String((error && error.code) || ""), message: String(error && error.message).split("\\n")[0] });
} finally {
  try { db && db.close(); } catch {}
}
`;

const driver = createRequire(import.meta.url).resolve("better-sqlite3");
let running: Worker | undefined;

/** Whether SQLite found the file damaged while reading or writing it. */
export function isDatabaseCorrupt(error: unknown) {
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  return code.startsWith("SQLITE_CORRUPT");
}

/** Runs `PRAGMA quick_check` on the file in a worker thread. */
function quickCheck(file: string): Promise<CheckResult> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECK_SOURCE, { eval: true, workerData: { file, driver, maxProblems: MAX_PROBLEMS } });
    running = worker;
    worker.unref();
    let answered = false;
    const answer = (result: CheckResult) => {
      answered = true;
      resolve(result);
    };
    worker.once("message", (message: { rows?: string[]; ms?: number; code?: string; message?: string }) => {
      if (message.rows) {
        const [first] = message.rows;
        if (message.rows.length === 1 && first === "ok") answer({ state: "ok", ms: message.ms ?? 0 });
        else answer({ state: "damaged", problem: `SQLite's quick_check: ${first}` });
      } else if (isDatabaseCorrupt(message)) answer({ state: "damaged", problem: `SQLite's quick_check: ${message.message}` });
      // A file that is no database, unreadable or locked: not damage, and start-up names it itself.
      else answer({ state: "unchecked", reason: `${message.code || "error"}: ${message.message}` });
    });
    worker.once("error", (error) => answered || answer({ state: "unchecked", reason: error.message }));
    worker.once("exit", () => {
      if (running === worker) running = undefined;
      if (!answered) answer({ state: "unchecked", reason: "the check was stopped" });
    });
  });
}

const restoreAdvice = () => "Stop the server and restore the latest backup: npm run restore -- BACKUP_FILE --force";

/**
 * Start-up: checks an existing database file before it is opened. Damage is a StartupError naming
 * it and the restore command; a check still running after START_CHECK_WAIT_MS goes on in the
 * background. Answers the line for the start-up log.
 */
export async function checkDatabaseAtStart(file: string): Promise<string | undefined> {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size === 0) return undefined;
  const check = quickCheck(file);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), START_CHECK_WAIT_MS);
  });
  const waited = await Promise.race([check, deadline]);
  clearTimeout(timer);
  const size = `${(stat.size / 1024 / 1024).toFixed(1)} MB`;
  if (!waited) {
    void check.then((result) => result.state === "damaged" && markDatabaseDamaged(result.problem));
    return `Database check: still running after ${START_CHECK_WAIT_MS / 1000} s (${size}); it goes on in the background and /healthz answers 503 if it finds damage`;
  }
  if (waited.state === "damaged") {
    throw new StartupError(`DATABASE_PATH: ${file} is damaged (${waited.problem}). ${restoreAdvice()}`);
  }
  if (waited.state === "unchecked") return undefined;
  return `Database check: ok (${size} in ${Math.round(waited.ms)} ms)`;
}

let damage: string | undefined;
let checkTimer: NodeJS.Timeout | undefined;

/** What is known to be wrong with the database file, if anything. */
export const databaseDamage = () => damage;

/**
 * Marks the database damaged: logged once, by the process that found it, and told to the others
 * (a worker tells its primary, which relays it; the primary tells every worker).
 */
export function markDatabaseDamaged(problem: string, { told = false } = {}) {
  if (damage) return;
  damage = problem;
  if (told) return;
  logLine(`Database damaged: ${getEnv().databasePath}: ${problem}. /healthz answers 503. ${restoreAdvice()}`, "error");
  void tellPeers(DAMAGED_NEWS, problem);
  if (cluster.isPrimary) for (const worker of Object.values(cluster.workers ?? {})) tellWorker(worker);
}

/** In the primary: a starting worker learns of damage found before it. */
export function tellWorker(worker: ClusterWorker | undefined) {
  if (!damage || !worker?.isConnected()) return;
  worker.send({ peerNews: DAMAGED_NEWS, payload: damage } satisfies PeerNews, undefined, {}, () => {});
}

/** In the primary: news a worker sent, which the primary relays, may be damage it must know of too. */
export function noteNewsInPrimary(message: PeerNews) {
  if (message.peerNews === DAMAGED_NEWS) markDatabaseDamaged(String(message.payload), { told: true });
}

onPeerNews(DAMAGED_NEWS, (payload) => markDatabaseDamaged(String(payload), { told: true }));

/** A request met SQLITE_CORRUPT: the file is damaged where it read. */
export function noteDatabaseError(error: unknown) {
  if (isDatabaseCorrupt(error)) markDatabaseDamaged(`SQLite answered ${(error as { code: string }).code} to a request`);
}

/** The periodic check (DATABASE_CHECK_SECONDS), in the one process that keeps the database for the whole server. */
export function startDatabaseChecks(file: string, intervalMs: number) {
  const next = (delay: number) => {
    checkTimer = setTimeout(async () => {
      // The start's check of a large file may still be running.
      if (running) return next(intervalMs);
      const result = await quickCheck(file);
      if (result.state === "damaged") return markDatabaseDamaged(result.problem);
      if (checkTimer) next(Math.max(intervalMs, (result.state === "ok" ? result.ms : 0) * CHECK_COST_FACTOR));
    }, delay);
    checkTimer.unref();
  };
  next(intervalMs);
}

export function stopDatabaseChecks() {
  clearTimeout(checkTimer);
  checkTimer = undefined;
  // Not waited for: a check in the middle of a large file ends with the process.
  void running?.terminate();
}
