// The worker behind tests/support/postgres-sync.ts: it runs each statement it is sent on a
// PostgreSQL connection of its own (one per database), replies on the port with the statement's
// number, then wakes the test's thread, which waits on the shared flag.
import { workerData } from "node:worker_threads";
import pg from "pg";

// Read as the app's engine reads them (app/services/database/postgres.server.ts).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.BOOL, (value) => (value === "t" ? 1 : 0));

const { port, flag } = workerData;
const signal = new Int32Array(flag);
/** @type {Map<string, pg.Client>} */
const clients = new Map();

/** @param {string} url */
async function clientFor(url) {
  let client = clients.get(url);
  if (!client) {
    client = new pg.Client(url);
    await client.connect();
    clients.set(url, client);
  }
  return client;
}

/** @param {{ id: number; url: string; text: string; values: unknown[] }} message */
async function answer({ id, url, text, values }) {
  try {
    const result = await (await clientFor(url)).query(text, values);
    return { id, rows: result.rows, rowCount: result.rowCount ?? 0 };
  } catch (error) {
    const { message, code } = /** @type {{ message: string; code?: string }} */ (error);
    return { id, error: { message, code } };
  }
}

port.on("message", async (/** @type {{ id: number; url: string; text: string; values: unknown[] }} */ message) => {
  const reply = await answer(message);
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
