import { AsyncLocalStorage } from "node:async_hooks";
import { is, SQL, type SQLWrapper } from "drizzle-orm";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import pg from "pg";
import type { AppDatabase } from "../../../db/database";
import type { EngineStatement } from "./db.server";
import * as schema from "../../../db/schema";
import { renamePreparedStatements, toPostgres } from "./postgres-dialect.server";
import { LOCK_WAIT_MS, WRITE_LOCK_KEY } from "./postgres-lock.server";

/** PostgreSQL's feature_not_supported, as "cached plan must not change result type". */
const STALE_PREPARED_STATEMENT = "0A000";

/**
 * The PostgreSQL engine (decision 055): the stores' statements, written for SQLite through
 * Drizzle's SQLite builder or as SQL text, rewritten for PostgreSQL (postgres-dialect.server) and
 * run on a connection pool. A transaction holds one connection of the pool; everything its work
 * runs, however deep, finds that connection through an AsyncLocalStorage, so a store function
 * needs no transaction handle of its own, as on SQLite.
 */

// Integers come back as numbers, as better-sqlite3 gives them: bigint (count, ids, epoch
// milliseconds) and numeric (sum, avg) as JavaScript numbers, and a boolean as 1 or 0, the way
// SQLite answers a comparison.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.BOOL, (value) => (value === "t" ? 1 : 0));

/**
 * The connection a transaction holds, for everything its work runs. Work the transaction started
 * but did not await (a job queued, a timer) inherits it and outlives it: `open` turns false when
 * the transaction ends, and such work then runs on the pool, outside any transaction.
 */
type Held = { client: pg.PoolClient; savepoints: number; open: boolean; committed: (() => void)[] };
const held = new AsyncLocalStorage<Held>();
const openHeld = () => {
  const store = held.getStore();
  return store?.open ? store : undefined;
};

/** The error a write gets when its turn did not come within LOCK_WAIT_MS. */
const lockWaitExpired = () =>
  Object.assign(new Error(`The write lock was not free within ${LOCK_WAIT_MS} ms`), { code: "55P03" });

export type PostgresEngine = {
  db: AppDatabase;
  pool: pg.Pool;
  query: (text: string, values: unknown[], mode?: "objects" | "arrays") => Promise<pg.QueryResult>;
  statement: (sql: string) => EngineStatement;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  afterCommit: (callback: () => void) => void;
  close: () => Promise<void>;
};

const dialect = new SQLiteAsyncDialect();

/**
 * Opens a pool on `url` and answers the engine. `max` bounds the connections this process holds
 * (each process of each machine has its own pool: the database's max_connections must cover them all).
 */
export function openPostgres(url: string, { max = 10 }: { max?: number } = {}): PostgresEngine {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, lock_timeout: LOCK_WAIT_MS });
  // A connection the server dropped (a restart, a failover) is replaced by the pool; without a
  // listener its error would end the process.
  pool.on("error", () => {});

  async function query(text: string, values: unknown[], mode: "objects" | "arrays" = "objects"): Promise<pg.QueryResult> {
    const inTransaction = openHeld();
    const client = inTransaction?.client ?? pool;
    const statement = toPostgres(text, values);
    const rowMode = mode === "arrays" ? { rowMode: "array" } : {};
    try {
      return await client.query({ ...statement, ...rowMode });
    } catch (error) {
      // A table a prepared statement reads was changed by a migration (another machine's, in a
      // rolling restart): every statement is prepared again from now on, and this one runs
      // unnamed, unless a transaction it was part of is already undone by the error.
      if (!statement.name || (error as { code?: string }).code !== STALE_PREPARED_STATEMENT) throw error;
      renamePreparedStatements();
      if (inTransaction) throw error;
      return client.query({ text: statement.text, values: statement.values, ...rowMode });
    }
  }

  const db = drizzle(
    async (text, values, method) => {
      const result = await query(text, values, "arrays");
      if (method === "run") return { rows: [], changes: result.rowCount ?? 0 } as { rows: unknown[] };
      if (method === "get") return { rows: result.rows[0] as unknown[] };
      return { rows: result.rows as unknown[] };
    },
    { schema },
  ) as unknown as AppDatabase;
  /** A statement in SQL text on this engine, answering as SQLite's driver does (see EngineStatement). */
  function statement(sql: string): EngineStatement {
    return {
      all: async (...values) => (await query(sql, values)).rows as never,
      get: async (...values) => (await query(sql, values)).rows[0] as never,
      values: async (...values) => (await query(sql, values, "arrays")).rows as never,
      value: async (...values) => ((await query(sql, values, "arrays")).rows[0] as unknown[] | undefined)?.[0] as never,
      column: async (...values) => (await query(sql, values, "arrays")).rows.map((row) => (row as unknown[])[0]) as never,
      run: async (...values) => ({ changes: (await query(sql, values)).rowCount ?? 0 }),
    };
  }
  // Raw statements through the handle (db.all(sql`…`), db.get, db.run) answer objects keyed by
  // column, as better-sqlite3 does; the proxy would hand back arrays.
  const raw =
    (method: "all" | "get" | "values" | "run") =>
    (wrapper: SQLWrapper): Promise<unknown> => {
      const { sql, params } = dialect.sqlToQuery(is(wrapper, SQL) ? wrapper : wrapper.getSQL());
      const answer: (...values: unknown[]) => Promise<unknown> = statement(sql)[method];
      return answer(...(params as unknown[]));
    };
  Object.assign(db, { all: raw("all"), get: raw("get"), values: raw("values"), run: raw("run") });

  async function transaction<T>(work: () => Promise<T>): Promise<T> {
    const open = openHeld();
    if (open) {
      // Begun by the work of another: a savepoint of it, on its connection.
      const name = `nested_${++open.savepoints}`;
      // What the savepoint's work asked to run after the commit goes if the savepoint is undone.
      const committedBefore = open.committed.length;
      await open.client.query(`SAVEPOINT ${name}`);
      try {
        const result = await work();
        await open.client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await open.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        open.committed.length = committedBefore;
        throw error;
      }
    }
    const endTurn = await takeTurn();
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      endTurn();
      throw error;
    }
    let broken = false;
    const store: Held = { client, savepoints: 0, open: true, committed: [] };
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK_KEY]);
      const result = await held.run(store, work);
      await client.query("COMMIT");
      for (const callback of store.committed) setImmediate(callback);
      return result;
    } catch (error) {
      try {
        await client.query("ROLLBACK");
      } catch {
        // The connection itself failed: it is not handed out again.
        broken = true;
      }
      throw error;
    } finally {
      store.open = false;
      client.release(broken);
      endTurn();
    }
  }

  /**
   * This process's transactions take turns before they take a connection: they would wait for
   * the one lock anyway, and each waiting one would hold a pooled connection, so ten waiting
   * writes could fill a pool of ten and leave plain reads queued behind them. A turn that does
   * not come within LOCK_WAIT_MS fails as busy; the turns after it still pass in order.
   */
  let lastTurn: Promise<void> = Promise.resolve();
  async function takeTurn(): Promise<() => void> {
    const previous = lastTurn;
    let endTurn!: () => void;
    lastTurn = new Promise<void>((resolve) => (endTurn = resolve));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), LOCK_WAIT_MS)));
    const late = await Promise.race([previous.then(() => false as const), expired]);
    clearTimeout(timer);
    if (late) {
      void previous.then(endTurn);
      throw lockWaitExpired();
    }
    return endTurn;
  }

  /**
   * Runs `callback` once what the caller wrote is visible to every connection: after the commit of
   * the transaction it runs in (never, if that rolls back), or at once outside one. A transaction
   * here spans many turns of the event loop, so the next turn may still be before its commit.
   * Not unref'd: an unref'd immediate waits for the next I/O or timer whenever the loop is idle.
   */
  function afterCommit(callback: () => void) {
    const open = openHeld();
    if (open) open.committed.push(callback);
    else setImmediate(callback);
  }

  return { db, pool, query, statement, transaction, afterCommit, close: () => pool.end() };
}
