import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { toPostgres } from "~/services/database/postgres-dialect.server";

/**
 * A test server's PostgreSQL database with better-sqlite3's synchronous shape, so a test's
 * fixtures and checks (tests/support/database.ts) read the same on both engines. Each statement
 * is SQLite's text as the stores write it, rewritten by the engine's own dialect
 * (postgres-dialect.server), and runs on a worker thread while this thread waits on a shared
 * flag: a test's `withDatabase(server, (db) => db.prepare(…).get())` stays a plain call.
 */

type Reply = {
  id: number;
  rows: Record<string, unknown>[];
  rowCount: number;
  error?: { message: string; code?: string };
};

/** Each statement's number, which its reply carries: a reply is never taken for another statement's. */
let lastId = 0;

let bridge: { worker: Worker; port: MessagePort; signal: Int32Array } | null = null;

function connect() {
  if (bridge) return bridge;
  const flag = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL("./postgres-sync-worker.mjs", import.meta.url), {
    workerData: { port: port2, flag },
    transferList: [port2],
  });
  // The test file's end is not held up by an idle connection.
  worker.unref();
  bridge = { worker, port: port1, signal: new Int32Array(flag) };
  return bridge;
}

function query(url: string, sql: string, params: unknown[]): Reply {
  const { port, signal } = connect();
  const { text, values } = toPostgres(sql, params);
  const id = ++lastId;
  Atomics.store(signal, 0, 0);
  port.postMessage({ id, url, text, values });
  // The worker raises the flag once its reply is posted; the port is read again every 50 ms all
  // the same, so a reply is found however its wake-up was missed.
  for (const deadline = Date.now() + 30_000; ;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`PostgreSQL did not answer within 30 s: ${text}`);
    Atomics.wait(signal, 0, 0, Math.min(left, 50));
    Atomics.store(signal, 0, 0);
    for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
      const reply = received.message as Reply;
      // A reply to an earlier statement that gave up waiting is dropped.
      if (reply.id !== id) continue;
      if (reply.error) throw Object.assign(new Error(`${reply.error.message}\n  in: ${text}`), { code: reply.error.code });
      return reply;
    }
  }
}

/**
 * An insert without RETURNING is given one, so `lastInsertRowid` is the new row's id as
 * SQLite's driver says it.
 */
function withReturning(sql: string) {
  const trimmed = sql.trim().replace(/;$/, "");
  return /^insert\s/i.test(trimmed) && !/\sreturning\s/i.test(trimmed) ? `${trimmed} RETURNING *` : trimmed;
}

export class PostgresStatement {
  #plucked = false;
  constructor(
    private readonly url: string,
    private readonly sql: string,
  ) {}

  pluck(toggle = true) {
    this.#plucked = toggle;
    return this;
  }

  #value(row: Record<string, unknown> | undefined) {
    if (!row || !this.#plucked) return row;
    return Object.values(row)[0];
  }

  run(...params: unknown[]) {
    const reply = query(this.url, withReturning(this.sql), params);
    const id = reply.rows[0]?.id;
    return { changes: reply.rowCount, lastInsertRowid: typeof id === "number" ? id : 0 };
  }

  get(...params: unknown[]): unknown {
    return this.#value(query(this.url, this.sql, params).rows[0]);
  }

  all(...params: unknown[]): unknown[] {
    return query(this.url, this.sql, params).rows.map((row) => this.#value(row));
  }
}

export class PostgresDatabase {
  constructor(private readonly url: string) {}

  prepare(sql: string) {
    return new PostgresStatement(this.url, sql);
  }

  exec(sql: string) {
    query(this.url, sql, []);
  }

  /** The worker's connection stays for the file's other tests. */
  close() {}

  /** As better-sqlite3's: a function that runs `work` in one transaction. */
  transaction<Args extends unknown[], Result>(work: (...args: Args) => Result) {
    return (...args: Args): Result => {
      query(this.url, "BEGIN", []);
      try {
        const result = work(...args);
        query(this.url, "COMMIT", []);
        return result;
      } catch (error) {
        query(this.url, "ROLLBACK", []);
        throw error;
      }
    };
  }
}
