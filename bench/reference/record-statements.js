// Loaded into the app with `node --import` (through NODE_OPTIONS) when the bench reads what a
// request's own work is: every statement better-sqlite3 runs on the main thread is written to
// stdout as one line, `STATEMENT {"sql","params","method","raw","pluck"}`, with the values it
// was given whole (SQLite's own trace, LOG_SQL, cuts a text longer than 32 bytes short). The
// bench's own-work server (own-work-server.js) runs the same statements with the same values.
import { isMainThread } from "node:worker_threads";
import Database from "better-sqlite3";

if (isMainThread) {
  const probe = new Database(":memory:");
  const Statement = Object.getPrototypeOf(probe.prepare("SELECT 1"));
  probe.close();
  // The modes Drizzle sets before it runs a statement, remembered for each statement.
  /** @type {WeakMap<object, { raw: boolean; pluck: boolean }>} */
  const modes = new WeakMap();
  const modeOf = (/** @type {object} */ statement) => modes.get(statement) ?? { raw: false, pluck: false };
  for (const mode of /** @type {const} */ (["raw", "pluck"])) {
    const set = Statement[mode];
    Statement[mode] = function (/** @type {boolean | undefined} */ on = true) {
      modes.set(this, { ...modeOf(this), [mode]: on });
      return set.call(this, on);
    };
  }
  for (const method of /** @type {const} */ (["all", "get", "run", "iterate"])) {
    const execute = Statement[method];
    Statement[method] = function (/** @type {unknown[]} */ ...params) {
      const line = JSON.stringify({ sql: this.source, params, method, ...modeOf(this) }, (_key, value) =>
        typeof value === "bigint" ? Number(value) : value,
      );
      process.stdout.write(`STATEMENT ${line}\n`);
      return execute.apply(this, params);
    };
  }
}
