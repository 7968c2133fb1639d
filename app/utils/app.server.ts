import path from "node:path";
import { count } from "drizzle-orm";
import { products, users } from "../../db/schema";
import { seedCatalogue, seedDatabase } from "../../db/seed";
import { closeDatabase, getDb, openDatabase, projectRoot, setDatabase } from "./db.server";
import { getEnv, type Env } from "./env.server";
import { closeMail } from "./mail.server";
import { closePasswordWorkers } from "./password.server";
import { deleteExpiredAuthRecords } from "./session.server";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
let sweepTimer: NodeJS.Timeout | undefined;

/**
 * Boot: validate configuration, open and migrate the database, seed an empty one.
 * Called once by server.js before it listens; throws ConfigError for bad configuration.
 */
export function startApp(): Pick<Env, "port" | "appUrl" | "trustProxy" | "databasePath"> {
  const env = getEnv();
  setDatabase(openDatabase(env.databasePath, { logSql: env.logSql }));
  const db = getDb();
  const [{ members }] = db.select({ members: count() }).from(users).all() as [{ members: number }];
  if (env.seed && members === 0) {
    seedDatabase(db, { mediaFolder: path.join(projectRoot, "db/seed-media"), uploadDir: env.uploadDir });
  }
  // The catalogue is seeded on its own, so a database from before the marketplace gets one too.
  const [{ listed }] = db.select({ listed: count() }).from(products).all() as [{ listed: number }];
  if (env.seed && listed === 0) seedCatalogue(db);
  // Expired sessions and reset tokens are dead weight: drop them at start and hourly.
  deleteExpiredAuthRecords();
  sweepTimer = setInterval(deleteExpiredAuthRecords, SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  return { port: env.port, appUrl: env.appUrl, trustProxy: env.trustProxy, databasePath: env.databasePath };
}

export async function stopApp() {
  clearInterval(sweepTimer);
  closeMail();
  await closePasswordWorkers();
  closeDatabase();
}
