import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { StartupError } from "../env.server";
import { logError, logLine } from "../log.server";
import { receivePeerBroadcast, setPeerBroadcast } from "../peers.server";
import { projectRoot, setPostgresEngine } from "./db.server";
import { openPostgres, type PostgresEngine } from "./postgres.server";
import { describePostgres } from "./postgres-url.server";

/** PostgreSQL's migrations, written for it beside SQLite's (db/pg). */
const migrationsFolder = path.join(projectRoot, "db/pg/migrations");

/** The channel news between processes travels on (peers.server). */
const NEWS_CHANNEL = "circular_hub_news";

/** Only one process migrates at a time, on any machine: the others wait, then find nothing to do. */
const MIGRATION_LOCK_KEY = 0x43485543;

async function appliedMigrations(client: pg.PoolClient) {
  const table = await client.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS name");
  if (!table.rows[0]?.name) return 0;
  return Number((await client.query("SELECT count(*) AS n FROM drizzle.__drizzle_migrations")).rows[0].n);
}

/**
 * Opens the process's PostgreSQL and makes it the database; with `migrating`, applies the
 * migrations first (under a lock, so machines starting together take turns). A database that
 * cannot be reached, or refuses, is a StartupError naming DATABASE_URL.
 */
export async function startPostgres(
  url: string,
  { pool = 10, migrating }: { pool?: number; migrating: boolean },
): Promise<{ engine: PostgresEngine; before: number; after: number }> {
  const engine = openPostgres(url, { max: pool });
  let client: pg.PoolClient | undefined;
  try {
    client = await engine.pool.connect();
    let before = 0;
    let after = 0;
    if (migrating) {
      // Machines starting together wait their turn for as long as the first one's migrations take.
      await client.query("SET lock_timeout = 0");
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        before = await appliedMigrations(client);
        await migrate(drizzle(client), { migrationsFolder });
        after = await appliedMigrations(client);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        await client.query("RESET lock_timeout");
      }
    }
    client.release();
    client = undefined;
    setPostgresEngine(engine);
    await listenForNews(url, engine);
    return { engine, before, after };
  } catch (error) {
    client?.release();
    await engine.close().catch(() => {});
    const code = (error as { code?: string }).code;
    throw new StartupError(
      `DATABASE_URL: ${describePostgres(url)} could not be opened or migrated: ${
        error instanceof Error ? error.message.split("\n")[0] : String(error)
      }${code ? ` (${code})` : ""}`,
    );
  }
}

let listener: pg.Client | undefined;
let stopped = false;

/** How long after losing its listening connection a process tries again, doubling up to the most. */
const LISTEN_AGAIN_FIRST_MS = 5_000;
const LISTEN_AGAIN_MOST_MS = 60_000;

/**
 * Listens for the other processes' news on a connection of its own, and sends this process's
 * through the database: within a transaction on its connection, so PostgreSQL delivers it at
 * the commit (and never after a rollback), otherwise on the pool. Sending never needs the
 * listening connection. One that drops is opened again, after 5 s, then at doubling pauses up
 * to a minute until the database answers; news sent meanwhile is lost to this process, whose
 * kept copies may then be stale for as long as each is kept.
 */
async function listenForNews(url: string, engine: PostgresEngine) {
  stopped = false;
  setPeerBroadcast((message) => sendNews(engine, message));
  await listen(url);
}

async function listen(url: string) {
  // Named, so an operator (and a test) can tell it in pg_stat_activity.
  const client = new pg.Client({ connectionString: url, application_name: `circular_hub_news ${process.pid}` });
  client.on("notification", (message) => {
    if (message.channel === NEWS_CHANNEL && message.payload) receivePeerBroadcast(message.payload);
  });
  client.on("error", (error) => {
    if (listener !== client) return;
    listener = undefined;
    logError("Database: the connection listening for other processes' news failed; listening again in 5 s", error);
    void listenAgain(url);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${NEWS_CHANNEL}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  listener = client;
}

async function listenAgain(url: string) {
  for (let pause = LISTEN_AGAIN_FIRST_MS; !stopped; pause = Math.min(pause * 2, LISTEN_AGAIN_MOST_MS)) {
    await new Promise((resolve) => setTimeout(resolve, pause).unref());
    if (stopped) return;
    try {
      await listen(url);
      logLine("Database: listening for other processes' news again");
      return;
    } catch {
      // The database is still away: the next pause is longer.
    }
  }
}

/** PostgreSQL refuses a notification's payload from 8,000 bytes, and within a transaction the refusal would undo the write. */
const MOST_NEWS_BYTES = 7_999;

async function sendNews(engine: PostgresEngine, message: string) {
  if (Buffer.byteLength(message) > MOST_NEWS_BYTES) {
    logLine(`Database: news for the other processes of ${Buffer.byteLength(message)} bytes is too long to send`, "error");
    return;
  }
  try {
    await engine.query("SELECT pg_notify(?, ?)", [NEWS_CHANNEL, message]);
  } catch (error) {
    logError("Database: news for the other processes could not be sent", error);
  }
}

/** Stops listening and closes the pool. */
export async function stopPostgres(engine: PostgresEngine) {
  setPeerBroadcast(undefined);
  stopped = true;
  const closing = listener;
  listener = undefined;
  await closing?.end().catch(() => {});
  setPostgresEngine(undefined);
  await engine.close();
}
