import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { StartupError } from "../env.server";
import { logError } from "../log.server";
import { receivePeerBroadcast, setPeerBroadcast } from "../peers.server";
import { projectRoot, setPostgresEngine } from "./db.server";
import { openPostgres, type PostgresEngine } from "./postgres.server";

/** PostgreSQL's migrations, written for it beside SQLite's (db/pg). */
const migrationsFolder = path.join(projectRoot, "db/pg/migrations");

/** The channel news between processes travels on (peers.server). */
const NEWS_CHANNEL = "circular_hub_news";

/** Only one process migrates at a time, on any machine: the others wait, then find nothing to do. */
const MIGRATION_LOCK_KEY = 0x43485543;

/** The database's host and name, never its password, for the start-up lines and errors. */
export function describePostgres(url: string) {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
}

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
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        before = await appliedMigrations(client);
        await migrate(drizzle(client), { migrationsFolder });
        after = await appliedMigrations(client);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    }
    client.release();
    client = undefined;
    setPostgresEngine(engine);
    await listenForNews(url);
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

/**
 * Listens for the other processes' news on a connection of its own, and sends this process's
 * through the database. A listening connection that drops is opened again after a pause: until
 * then, kept copies may be stale for as long as they are kept (a few seconds to a minute).
 */
async function listenForNews(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on("notification", (message) => {
    if (message.channel === NEWS_CHANNEL && message.payload) receivePeerBroadcast(message.payload);
  });
  client.on("error", (error) => {
    logError("Database: the connection listening for other processes' news failed", error);
    if (listener !== client) return;
    listener = undefined;
    setTimeout(() => void listenForNews(url).catch(() => {}), 5_000).unref();
  });
  await client.connect();
  await client.query(`LISTEN ${NEWS_CHANNEL}`);
  listener = client;
  setPeerBroadcast((message) => {
    void pgNotify(message);
  });
}

async function pgNotify(message: string) {
  try {
    if (listener) await listener.query("SELECT pg_notify($1, $2)", [NEWS_CHANNEL, message]);
  } catch (error) {
    logError("Database: news for the other processes could not be sent", error);
  }
}

/** Stops listening and closes the pool. */
export async function stopPostgres(engine: PostgresEngine) {
  setPeerBroadcast(undefined);
  const closing = listener;
  listener = undefined;
  await closing?.end().catch(() => {});
  setPostgresEngine(undefined);
  await engine.close();
}
