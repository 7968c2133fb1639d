import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database, { type Statement } from "better-sqlite3";
import { inArray, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { SQLiteSyncDialect, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AppDatabase, SqliteDatabase } from "../../../db/database";
import * as schema from "../../../db/schema";
import { StartupError } from "../env.server";
import type { PostgresEngine } from "./postgres.server";
import { limitCompiledOnce } from "./sqlite-limit.server";
import { withRowMapper } from "./row-mapper.server";
import { keptRecentlyUsed } from "~/lib/recently-used";

export type { AppDatabase, SqliteDatabase };

/**
 * The database, or a transaction begun on it: what a store function runs its queries on. One
 * name for both, so a function does not care whether its caller holds a transaction: inside
 * `transaction(work)`, the same handle runs on the transaction.
 */
export type Db = AppDatabase;

/** The project root, found the same way from the source tree and the server build, so migrations are found from either. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The folder holding package.json above this module: app/services/ in the source tree, and in the
 * server build build/server/ or, when the bundle is split into chunks, build/server/assets/.
 */
function findProjectRoot(start: string) {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  }
  return path.resolve(start, "../..");
}
const migrationsFolder = path.join(projectRoot, "db/migrations");

/**
 * How long a write waits synchronously for another process's lock: better-sqlite3 waits on the
 * event loop, so every other request waits too. Writes are let in once the lock was seen free
 * (write-lock.server.ts, decision 027), so this only covers another worker's transaction begun
 * in between, which lasts a millisecond or so (a long one, deleting an account, up to this);
 * a lock held by another program sets it to 0.
 */
export const BUSY_TIMEOUT_MS = 100;

type OpenOptions = {
  logSql?: boolean;
  /** Create the file when it is missing; otherwise a missing file is a StartupError. */
  create?: boolean;
  /** Told how many migrations were recorded before and after migrating. */
  onMigrated?: (counts: { before: number; after: number }) => void;
  /** Apply the migrations (the default); a worker opens a database its primary has migrated. */
  migrate?: boolean;
  /** How long a statement waits for another process's write lock (BUSY_TIMEOUT_MS unless given). */
  busyTimeoutMs?: number;
};

/** The rows of drizzle's migration journal, or 0 before the first migration. */
function recordedMigrations(sqlite: Database.Database) {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  return table ? (sqlite.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n : 0;
}

/** The marker left beside a database this server created: a later start that finds it without the database stops. */
export const createdMarkerOf = (file: string) => `${file}.created`;

/**
 * Whether the database refused the write because another connection holds the lock: SQLite's
 * busy codes, or PostgreSQL's lock_not_available once LOCK_WAIT_MS passed (postgres-lock.server).
 */
export function isDatabaseBusy(error: unknown) {
  return errorAndCauses(error).some(({ code }) =>
    ["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED", "55P03"].includes(String(code)),
  );
}

/** The error and its causes, three deep: Drizzle wraps the driver's error in its own. */
function errorAndCauses(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown }[] = [];
  for (let seen: unknown = error, depth = 0; seen && depth < 3; seen = (seen as { cause?: unknown }).cause, depth++) {
    chain.push(seen as { code?: unknown; message?: unknown });
  }
  return chain;
}

/**
 * Opens (and with `create`, creates) the database and applies the migrations. A file that cannot
 * be used is a StartupError naming DATABASE_PATH, and a file this call created is removed again,
 * so a failed start leaves nothing behind. New files are created 0600; SQLite gives the WAL and
 * shared-memory files the database file's mode.
 * With `logSql`, each statement run is logged on one line as `SQL: …`, its values filled in.
 */
export function openDatabase(
  file: string,
  { logSql = false, create = true, onMigrated, migrate: migrating = true, busyTimeoutMs = BUSY_TIMEOUT_MS }: OpenOptions = {},
): AppDatabase {
  let created = false;
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) throw new StartupError(`DATABASE_PATH: ${file} is a folder, not a database file`);
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") throw new StartupError(`DATABASE_PATH: ${file} cannot be read and written (${code})`);
    if (!create) throw new StartupError(`DATABASE_PATH: ${file} does not exist`);
    fs.writeFileSync(file, "", { mode: 0o600, flag: "wx" });
    created = true;
  }
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, logSql ? { verbose: (sql) => console.log(`SQL: ${String(sql).replace(/\s+/g, " ")}`) } : {});
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // With WAL, NORMAL loses no committed data on a process crash and saves an fsync per write.
    sqlite.pragma("synchronous = NORMAL");
    // What is deleted or blanked (a finished job's payload with its reset link, a removed session)
    // is overwritten with zeros, so it does not stay readable in free pages or in a backup.
    sqlite.pragma("secure_delete = ON");
    reuseStatements(sqlite);
    const db = drizzle(sqlite, { schema }) as SqliteDatabase;
    writeTransactionsFirstLock(db);
    if (migrating) {
      const before = recordedMigrations(sqlite);
      migrate(db, { migrationsFolder });
      onMigrated?.({ before, after: recordedMigrations(sqlite) });
    }
    return db as unknown as AppDatabase;
  } catch (error) {
    sqlite?.close();
    if (created) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    throw new StartupError(`DATABASE_PATH: ${file} ${describeOpenFailure(error)}`);
  }
}

/** The connection's own prepare, for statements that are not shared with the ORM's (statement() below). */
const ownStatement = new WeakMap<Database.Database, (sql: string) => Statement>();

/** How many of the ORM's statements a connection keeps prepared (the SQL of an `IN (…)` list differs with its length). */
const MAX_REUSED_STATEMENTS = 500;

/**
 * Makes the connection hand back the statement it already prepared for the same SQL, the most
 * recently used MAX_REUSED_STATEMENTS of them. Drizzle prepares each query it runs, and compiling
 * the SQL again was a tenth of a member page's time in the CPU profile (decision 024). Drizzle
 * switches a statement to arrays (raw) for some reads and never back, so a reused reader starts
 * in the default mode again (objects: not raw, plucked or expanded). Statements run to completion
 * synchronously (nothing here iterates), so one is never busy when it is handed out again. Every
 * statement's bound LIMIT is written so that SQLite compiles it once (sqlite-limit.server.ts).
 */
function reuseStatements(sqlite: Database.Database) {
  const compile = sqlite.prepare.bind(sqlite);
  const prepare = (sql: string) => compile(limitCompiledOnce(sql));
  ownStatement.set(sqlite, prepare);
  const kept = new Map<string, Statement>();
  sqlite.prepare = ((sql: string) => {
    const statement = keptRecentlyUsed(kept, sql, MAX_REUSED_STATEMENTS, () => prepare(sql));
    if (statement.reader) statement.raw(false).pluck(false).expand(false);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Makes `db.transaction` take the write lock when it begins (BEGIN IMMEDIATE) unless told
 * otherwise. A deferred transaction reads first and asks for the lock at its first write; when
 * another process (a worker, WORKERS) committed in between, SQLite refuses at once with
 * SQLITE_BUSY_SNAPSHOT instead of waiting the busy timeout, and the request would answer 503.
 * Begun immediate, it waits its turn like any single write.
 */
function writeTransactionsFirstLock(db: SqliteDatabase) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => transaction(work, { behavior: "immediate", ...config })) as typeof db.transaction;
}

function describeOpenFailure(error: unknown) {
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") return "is not a SQLite database (or is damaged)";
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_PERM") {
    return "cannot be written (a read-only file or folder?)";
  }
  if (code === "SQLITE_FULL") return "cannot be written: the disk is full";
  if (isDatabaseBusy(error)) return "is locked by another program";
  // Migrations that fail on a database of another application, or a newer version of this one.
  return `could not be opened or migrated: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
}

let current: AppDatabase | undefined;
/** The identity of the open file, to notice when it is removed or replaced under the server. */
let openedFile: { path: string; ino: number; dev: number } | undefined;

/** What modules keep in memory from the database's rows: see keptUntilDatabaseChanges. */
const keptFromDatabase = new Set<() => void>();

/**
 * Registers `forget`, which drops what a module keeps in memory from the database's rows (a
 * cache of lists, figures, settings). It runs whenever the process's database is set or closed:
 * what was read from one database must never be answered from another (a command that opens a
 * second one, a test file's fresh database in a process that served the one before).
 */
export function keptUntilDatabaseChanges(forget: () => void) {
  keptFromDatabase.add(forget);
}

function databaseChanged() {
  for (const forget of keptFromDatabase) forget();
}

export function setDatabase(db: AppDatabase | undefined, file?: string) {
  databaseChanged();
  current = db;
  const stat = file ? fs.statSync(file) : undefined;
  openedFile = file && stat ? { path: file, ino: stat.ino, dev: stat.dev } : undefined;
}

/**
 * Whether the database answers and its file is still the one that was opened. A deleted file
 * keeps answering through the open handle while every write goes nowhere a restart will find.
 */
export function checkDatabase(): { ok: true } | { ok: false; problem: string } {
  if (!current) return { ok: false, problem: "the database is not open" };
  if (postgres) {
    // Asked again for the next look, which reads this one's answer: a check must not wait on the network.
    void pingPostgres(postgres);
    return postgresStatus;
  }
  if (openedFile) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(openedFile.path);
    } catch {
      return { ok: false, problem: `the database file ${openedFile.path} has disappeared` };
    }
    if (stat.ino !== openedFile.ino || stat.dev !== openedFile.dev) {
      return { ok: false, problem: `the database file ${openedFile.path} was replaced by another file` };
    }
  }
  try {
    sqliteClient(current).prepare("SELECT 1").get();
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: `the database does not answer (${(error as { code?: string }).code ?? "error"})` };
  }
}

/** The process's database, opened by `startApp` (entry.server) before the first request. */
export function getDb(): AppDatabase {
  if (!current) throw new Error("The database is not open: startApp() has not run");
  return current;
}

/**
 * Folds the WAL back into the main file, so a stopped server leaves one self-contained file, and
 * closes. A worker stopping beside others passes `checkpoint: false`: the primary folds it last.
 */
export function closeDatabase({ checkpoint = true }: { checkpoint?: boolean } = {}) {
  // PostgreSQL's pool is closed by stopPostgres (postgres-start.server), which waits for it.
  if (!current || postgres) return;
  const client = sqliteClient(current);
  databaseChanged();
  current = undefined;
  openedFile = undefined;
  try {
    if (checkpoint) client.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    client.close();
  }
}

/** Closes a database opened with openDatabase beside the process's own (a command's), as it is: no checkpoint. */
export function closeOpenedDatabase(db: AppDatabase) {
  sqliteClient(db).close();
}

/**
 * The SQLite connection under a database handle, for what only SQLite has (pragmas, backups, the
 * write-lock watch). Stores never use it: they run on either engine through the handle and
 * statement().
 */
export function sqliteClient(db: AppDatabase = getDb()): Database.Database {
  if (postgres && db === postgres.db) throw new Error("The database is PostgreSQL, not SQLite");
  return (db as unknown as SqliteDatabase).$client;
}

const statementCache = new WeakMap<Database.Database, Map<string, Statement>>();

/** The values of a statement: positional (`?`), or one object of named ones (`@name`). */
export type StatementValues = unknown[] | [Record<string, unknown>];

/** What a write changed. */
export type StatementRun = { changes: number };

/**
 * A statement in SQL text, run on whichever engine is open, for the hot reads (feeds, the
 * session) where building the query through the ORM on every request would cost more than
 * running it, and for SQL the query builder cannot say. Write it in the SQL both engines share
 * (decision 055 lists what the PostgreSQL rewrite covers); each method answers a promise.
 */
export type EngineStatement = {
  /** Every row, as objects keyed by column name. */
  all<T = Record<string, unknown>>(...values: StatementValues): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Record<string, unknown>>(...values: StatementValues): Promise<T | undefined>;
  /** Every row, as arrays of column values. */
  values<T extends unknown[] = unknown[]>(...values: StatementValues): Promise<T[]>;
  /** The first column of the first row, or undefined. */
  value<T = unknown>(...values: StatementValues): Promise<T | undefined>;
  /** The first column of every row. */
  column<T = unknown>(...values: StatementValues): Promise<T[]>;
  /** Runs a write; answers how many rows it changed. */
  run(...values: StatementValues): Promise<StatementRun>;
};

/** The connection's statement for this SQL, prepared once and reused (its own, not one the ORM is handed too). */
function sqliteStatement(sql: string): Statement {
  const client = sqliteClient();
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = (ownStatement.get(client) ?? client.prepare.bind(client))(sql)));
  return prepared;
}

/** Makes a row's object from its array of values, in the statement's column order. */
type RowMaker = (values: unknown[]) => Record<string, unknown>;

const rowMakers = new WeakMap<Statement, { make: RowMaker; columns: number }>();

/**
 * The statement's row maker: a function written for its column names that returns an object
 * literal of them. better-sqlite3 builds each object row property by property in C++, twice the
 * CPU of reading the same rows as arrays and making the objects in JavaScript, where every row of
 * a statement shares one shape (180 ledger days: about 540 -> 300 µs; 24 listings of 28 columns
 * 330 -> 150, on the development machine). Later columns of the same name win, as in SQLite's
 * objects; a column named `__proto__` is set as a property, not as the prototype. Made again when
 * a row's length no longer matches (a `SELECT *` after a migration added a column).
 */
function rowMakerOf(prepared: Statement, sample: unknown[] | undefined): RowMaker {
  const known = rowMakers.get(prepared);
  if (known && (sample === undefined || known.columns === sample.length)) return known.make;
  const names = prepared.columns().map((column) => column.name);
  const properties = names.map((name, index) =>
    name === "__proto__" ? `["__proto__"]: values[${index}]` : `${JSON.stringify(name)}: values[${index}]`,
  );
  // The names are the statement's own columns, each written as a JSON string.
  const make = new Function("values", `return { ${properties.join(", ")} };`) as RowMaker;
  rowMakers.set(prepared, { make, columns: names.length });
  return make;
}

/** The PostgreSQL engine, when DATABASE_URL names one (decision 055); otherwise SQLite. */
let postgres: PostgresEngine | undefined;

/** Whether the open database is PostgreSQL: for the few statements each engine says its own way. */
export function isPostgres() {
  return postgres !== undefined;
}

let postgresStatus: { ok: true } | { ok: false; problem: string } = { ok: true };
let pinging = false;

/** Asks PostgreSQL whether it answers, for checkDatabase's next look (one question at a time). */
async function pingPostgres(engine: PostgresEngine) {
  if (pinging) return;
  pinging = true;
  try {
    await engine.query("SELECT 1", []);
    postgresStatus = { ok: true };
  } catch (error) {
    postgresStatus = { ok: false, problem: `the database does not answer (${(error as { code?: string }).code ?? "error"})` };
  } finally {
    pinging = false;
  }
}

/** Makes `engine` the process's database (or, with undefined, forgets it). */
export function setPostgresEngine(engine: PostgresEngine | undefined) {
  databaseChanged();
  postgres = engine;
  current = engine?.db;
  postgresStatus = { ok: true };
}

/** The statement for SQL text on the open database (see EngineStatement). */
export function statement(sql: string): EngineStatement {
  if (postgres) return postgres.statement(sql);
  return {
    all: async (...values) => {
      const prepared = sqliteStatement(sql);
      const rows = prepared
        .pluck(false)
        .raw(true)
        .all(...values) as unknown[][];
      return rows.map(rowMakerOf(prepared, rows[0])) as never;
    },
    get: async (...values) => {
      const prepared = sqliteStatement(sql);
      const row = prepared
        .pluck(false)
        .raw(true)
        .get(...values) as unknown[] | undefined;
      return (row && rowMakerOf(prepared, row)(row)) as never;
    },
    values: async (...values) =>
      sqliteStatement(sql)
        .pluck(false)
        .raw(true)
        .all(...values) as never,
    value: async (...values) =>
      sqliteStatement(sql)
        .raw(false)
        .pluck(true)
        .get(...values) as never,
    column: async (...values) =>
      sqliteStatement(sql)
        .raw(false)
        .pluck(true)
        .all(...values) as never,
    run: async (...values) => ({ changes: sqliteStatement(sql).run(...values).changes }),
  };
}

const dialect = new SQLiteSyncDialect();

/**
 * A Drizzle SQL fragment as SQL text and its values, for statement(): a query of the same shape
 * (the same conditions, the same number of blocked members) has the same text, so its statement is
 * prepared once and the values change; the text and values together name a kept list.
 */
export function sqlText(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

const keptQueries = new WeakMap<object, Map<string, unknown>>();

/**
 * A Drizzle query prepared once per database handle (or transaction) and kept, its values given
 * as placeholders when it runs: for the reads of every page (the bell's count, the notifications
 * list), where building the SQL string again cost more than running it (decision 024).
 */
export function keptQuery<D extends object, Q>(db: D, name: string, prepare: (db: D) => Q): Q {
  let kept = keptQueries.get(db);
  if (!kept) keptQueries.set(db, (kept = new Map()));
  let query = kept.get(name) as Q | undefined;
  // Its rows are mapped by a mapper made once for the query (row-mapper.server.ts).
  if (!query) kept.set(name, (query = withRowMapper(prepare(db))));
  return query;
}

/** A transaction that was still open when the event loop turned: its work waited for I/O inside it. */
export class TransactionHeldOpenError extends Error {
  override name = "TransactionHeldOpenError";
}

/** Savepoints of transactions begun inside another, numbered so each has its own name. */
let savepoints = 0;

/** Which transaction the running code is inside of: its own work, and what that work calls. */
const insideTransaction = new AsyncLocalStorage<object>();
/** The transaction open on each connection, and when it ends, so one begun elsewhere waits its turn. */
const openTransactions = new WeakMap<Database.Database, { owner: object; ended: Promise<void> }>();

/**
 * Runs `callback` once the caller's writes are committed and visible to every connection (never,
 * if its transaction rolls back). On SQLite a transaction ends within the turn of the event loop it
 * began in, so the next turn is after it; on PostgreSQL the engine waits for the commit.
 */
export function afterCommit(callback: () => void) {
  if (postgres) postgres.afterCommit(callback);
  else setImmediate(callback);
}

/**
 * Runs `work` in one transaction and commits when its promise resolves, or rolls back when it
 * rejects. Store functions answer promises on every engine, but SQLite's are settled already, so
 * awaiting them takes only microtasks and the whole transaction runs within one turn of the event
 * loop, and the write lock (taken when it begins, BEGIN IMMEDIATE, as `db.transaction` does) is
 * never held across I/O. So nothing inside may wait for anything but the database: no fetch, no
 * file, no timer. A guard checks it: a transaction still open when the event loop turns is rolled
 * back at once, logged, and its promise rejects with TransactionHeldOpenError (decision 037).
 * Begun inside another (by the work of that one), it is a savepoint of it; begun by other code
 * while one is open (two loaders of one request run together), it waits for that one to end
 * rather than become part of it.
 */
export async function transaction<T>(work: (tx: Db) => Promise<T>, db: AppDatabase = getDb()): Promise<T> {
  if (postgres && db === postgres.db) return postgres.transaction(() => work(db));
  const client = sqliteClient(db);
  const caller = insideTransaction.getStore();
  for (let open = openTransactions.get(client); open && open.owner !== caller; open = openTransactions.get(client)) {
    await open.ended;
  }
  const savepoint = client.inTransaction ? `nested_${++savepoints}` : undefined;
  client.exec(savepoint ? `SAVEPOINT ${savepoint}` : "BEGIN IMMEDIATE");
  const owner = {};
  let ended = () => {};
  if (!savepoint) openTransactions.set(client, { owner, ended: new Promise<void>((resolve) => (ended = resolve)) });
  let open = true;
  let heldOpen = false;
  const rollBack = () => {
    if (!client.inTransaction) return;
    client.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : "ROLLBACK");
  };
  const guard = setImmediate(() => {
    if (!open) return;
    heldOpen = true;
    rollBack();
    console.error("Database: a transaction waited for I/O while open; it was rolled back");
  });
  try {
    const result = await (savepoint ? work(db) : insideTransaction.run(owner, () => work(db)));
    if (heldOpen) throw new TransactionHeldOpenError("The transaction waited for I/O while open and was rolled back");
    client.exec(savepoint ? `RELEASE ${savepoint}` : "COMMIT");
    return result;
  } catch (error) {
    if (!heldOpen) rollBack();
    throw error;
  } finally {
    open = false;
    clearImmediate(guard);
    if (!savepoint) {
      openTransactions.delete(client);
      ended();
    }
  }
}

let lastProblem: string | undefined;
/** Logs once when the database stops answering or its file goes away, and once when it is back. */
export function watchDatabase() {
  const status = checkDatabase();
  const problem = status.ok ? undefined : status.problem;
  if (problem === lastProblem) return status;
  if (problem)
    console.error(
      `Database problem: ${problem}. /healthz answers 503 until it is solved; restart the server once the file is back.`,
    );
  else console.log("Database: answering again");
  lastProblem = problem;
  return status;
}

/**
 * How many rows a write run through the query builder changed (`await db.update(…).run()`), on
 * either engine: better-sqlite3 answers `changes`, and the PostgreSQL engine answers the same.
 */
export function changedRows(result: unknown): number {
  return (result as { changes?: number }).changes ?? 0;
}

/**
 * The reader of which of some names a column holds: a feature's answer to "which of these stored
 * media files are mine" (its manifest's storedFiles), one indexed look-up for a batch of names.
 */
export function namesHeldIn(column: SQLiteColumn) {
  return async (names: readonly string[]): Promise<string[]> => {
    if (!names.length) return [];
    const rows = await getDb()
      .select({ name: column })
      .from(column.table)
      .where(inArray(column, [...names]))
      .all();
    return rows.map((row) => row.name as string);
  };
}

/** A statement written with Drizzle's `sql`, its values bound: the statement kept for its text (see sqlText). */
export function sqlStatement(query: SQL) {
  const { sql: text, params } = sqlText(query);
  const kept = statement(text);
  return {
    all: <T = Record<string, unknown>>() => kept.all<T>(...(params as unknown[])),
    get: <T = Record<string, unknown>>() => kept.get<T>(...(params as unknown[])),
    values: <T extends unknown[] = unknown[]>() => kept.values<T>(...(params as unknown[])),
    value: <T = unknown>() => kept.value<T>(...(params as unknown[])),
    column: <T = unknown>() => kept.column<T>(...(params as unknown[])),
    run: () => kept.run(...(params as unknown[])),
  };
}

/**
 * Whether a write failed on a unique index (another row holds the value), on either engine:
 * SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505, also when Drizzle wrapped the error.
 */
export function isUniqueViolation(error: unknown): boolean {
  return errorAndCauses(error).some(
    (seen) =>
      ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"].includes(String(seen.code)) ||
      (seen instanceof Error && /UNIQUE constraint failed/.test(seen.message)),
  );
}
