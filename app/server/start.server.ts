import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { products, users } from "../../db/schema";
import { seedCatalogue, seedDatabase, seedSampleListings, seedSampleTestimonials } from "../services/seed/seed";
import { seedEducation } from "../services/seed/seed-education";
import { seedSampleEvents } from "../services/seed/seed-events";
import { TESTIMONIALS } from "~/content/landing";
import {
  closeDatabase,
  createdMarkerOf,
  getDb,
  isDatabaseBusy,
  openDatabase,
  projectRoot,
  setDatabase,
  watchDatabase,
} from "~/services/database/db.server";
import { createDataFolder, getEnv, getJwtSecret, StartupError } from "~/services/env.server";
import { closeMail, mailJob } from "~/services/mail.server";
import { startJobs, stopJobs, waitingJobsLine } from "~/services/jobs.server";
import { closePasswordThreads } from "~/features/auth/password-threads.server";
import { memberNamesLine } from "~/features/auth/member-names.server";
import { scheduleDigest } from "~/features/notifications/digest.server";
import { scheduleEventReminders } from "~/features/events/reminders/reminders.server";
import { onOrderCompleted } from "~/features/exchange/orders.server";
import { writeOrderEntries } from "~/features/impact/entries.server";
import { issueTransferNote } from "~/features/transfer-notes/issue.server";
import { creditOperation } from "~/features/impact/counting.server";
import { onLotOperationRecorded } from "~/features/lots/operation-recorded.server";
import { onNoteWeightCorrected, onTransferNoteIssued } from "~/features/transfer-notes/issued.server";
import { checkLotListingChange, followCorrectedWeight, giveLotForNote } from "~/features/lots/lots.server";
import { guardListingChanges, onListingListed } from "~/features/exchange/listings.server";
import { queueListingMatch } from "~/features/saved-searches/saved-searches.server";
import { FEATURE_MANIFESTS, registerAllFeatures } from "./feature-manifests.server";
import { pruneNotifications } from "~/features/notifications/retention.server";
import { sweepExpiredTransferNotes } from "~/features/transfer-notes/retention.server";
import { deleteExpiredAuthRecords } from "~/services/session.server";
import { sweepRateLimits } from "~/services/rate-limit.server";
import {
  mediaStoreLine,
  loadMediaStore,
  mediaStoreProblem,
  seededMediaFolder,
  storeSeededMedia,
  sweepAbandonedUploads,
} from "~/services/media.server";
import { logError, logLine } from "~/services/log.server";
import { startFillingPoints } from "~/services/places/fill-points.server";
import { awaitWriteTurn, noteDatabaseBusy } from "~/services/database/write-lock.server";
import { startDatabaseChecks, stopDatabaseChecks } from "~/services/database/db-integrity.server";
import { describePostgres } from "~/services/database/postgres-url.server";
import type { PostgresEngine } from "~/services/database/postgres.server";

/** The PostgreSQL engine this process opened, when DATABASE_URL names one. */
let postgres: PostgresEngine | undefined;

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Every kind of job this server runs (app/services/jobs.server.ts): the mail service's, and the
 * ones each feature's manifest lists. A new kind is defined with defineJobKind beside the code
 * that queues it, and listed in its feature's manifest so the runner knows how to run it.
 */
const JOB_KINDS = [mailJob, ...FEATURE_MANIFESTS.flatMap((manifest) => manifest.jobKinds ?? [])];
// A completed order's weight enters both parties' ledgers, in the transaction that completes it.
onOrderCompleted(writeOrderEntries);
// A completed waste order's transfer note is issued in the same transaction, or the completion fails.
onOrderCompleted(issueTransferNote);
// A final operation on a lot moves the load's CO2e to the holder who set its fate, in its transaction.
onLotOperationRecorded(creditOperation);
// Each transfer note gives its transferee a lot, in the transaction that issues it.
onTransferNoteIssued(giveLotForNote);
// A corrected weight resizes the lot its note gave, and its parent, or the correction is refused.
onNoteWeightCorrected(followCorrectedWeight);
// A listing made from a lot may not be changed to claim more than the lot has left.
guardListingChanges(checkLotListingChange);
// A listing others can now see is matched against saved searches, in a job its transaction queues.
onListingListed(queueListingMatch);
/** The kinds whose jobs send mail: `npm run restore` holds back those waiting in a backup. */
export const MAIL_JOB_KINDS = JOB_KINDS.filter((kind) => kind.sendsMail).map((kind) => kind.name);
const DATABASE_CHECK_INTERVAL_MS = 30_000;
let sweepTimer: NodeJS.Timeout | undefined;
let checkTimer: NodeJS.Timeout | undefined;

/**
 * Boot: validate configuration, open and migrate the database, seed an empty one, start the job
 * runner and the housekeeping. Called once by a single-process server before it serves; throws
 * ConfigError or StartupError (one line each) and then leaves nothing behind. Answers what it
 * did, a line each, for the operator's log.
 */
export async function startApp(): Promise<string[]> {
  registerAllFeatures();
  const report = await prepareDatabase();
  report.push(await startJobs(getDb(), JOB_KINDS));
  report.push(...(await scheduleAndSweep()));
  return report;
}

/**
 * The primary's boot when several workers serve (WORKERS): everything startApp does once for the
 * whole server (migrations, seeding, the digest's schedule, the housekeeping), but no job runner,
 * since the workers run those. The primary keeps the database open to sweep it and to fold the
 * WAL back once the last worker has stopped.
 */
export async function startPrimaryApp(): Promise<string[]> {
  registerAllFeatures();
  const report = await prepareDatabase();
  report.push(await waitingJobsLine(getDb()));
  report.push(...(await scheduleAndSweep()));
  return report;
}

/**
 * A worker's boot: opens the database its primary created and migrated, and runs a job runner
 * (a claim is one conditional UPDATE, so the workers' runners never run a job twice).
 */
export async function startWorkerApp() {
  registerAllFeatures();
  const env = getEnv();
  await loadMediaStore();
  if (env.databaseUrl) {
    const { startPostgres } = await postgresStart();
    postgres = (await startPostgres(env.databaseUrl, { pool: env.databasePool, migrating: false })).engine;
  } else setDatabase(openDatabase(env.databasePath, { logSql: env.logSql, create: false, migrate: false }), env.databasePath);
  getJwtSecret();
  await startJobs(getDb(), JOB_KINDS);
}

/** A worker's stop: as stopApp, leaving the WAL to the primary, which folds it back last. */
export async function stopWorkerApp() {
  await stopJobs();
  closeMail();
  await closePasswordThreads();
  await closeEngine({ checkpoint: false });
}

/**
 * PostgreSQL's start and stop, loaded only where DATABASE_URL is set: its driver is not held in
 * the memory of every SQLite server.
 */
const postgresStart = () => import("~/services/database/postgres-start.server");

/** Closes the process's database: PostgreSQL's pool, or SQLite's file (folding the WAL back with `checkpoint`). */
async function closeEngine({ checkpoint }: { checkpoint: boolean }) {
  if (postgres) {
    const engine = postgres;
    postgres = undefined;
    await (await postgresStart()).stopPostgres(engine);
  } else closeDatabase({ checkpoint });
}

/**
 * The hourly sweep: expired sessions, reset tokens and e-mail changes, rate-limit windows that
 * ended, notifications and transfer notes past their retention, and uploads a stopped process
 * left half-received (with a bucket, the objects of its submissions that never ended too).
 */
async function sweep() {
  await deleteExpiredAuthRecords();
  await sweepRateLimits();
  await pruneNotifications();
  await sweepExpiredTransferNotes();
  await sweepAbandonedUploads();
}

/** The hourly sweep once the write lock is free; a lock another program keeps leaves it to the next hour. */
async function sweepWhenFree() {
  await awaitWriteTurn();
  try {
    await sweep();
  } catch (error) {
    if (!isDatabaseBusy(error)) return logError("The hourly sweep failed", error);
    noteDatabaseBusy();
    logLine("The hourly sweep was skipped: another program holds the database's write lock", "error");
  }
}

async function scheduleAndSweep(): Promise<string[]> {
  // The daily digest's next run waits in the jobs table; each run writes the one after it.
  const report = [`Notifications: the next daily digest at ${(await scheduleDigest()).toISOString()}`];
  // The day-before reminders of events run hourly, the same way.
  await scheduleEventReminders();
  // Expired sessions, reset tokens, rate-limit windows and old notifications are dead weight: drop them at start and hourly.
  await sweep();
  // Locations written before they had points on the map (or seeded) get them, a chunk at a time.
  await startFillingPoints();
  sweepTimer = setInterval(() => void sweepWhenFree(), SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  checkTimer = setInterval(watchDatabase, DATABASE_CHECK_INTERVAL_MS);
  checkTimer.unref();
  // Damage inside the file: a full read, off the event loop, every few minutes (SQLite's; a
  // PostgreSQL server checks its own).
  if (!postgres) startDatabaseChecks(getEnv().databasePath, getEnv().databaseCheckSeconds * 1000);
  return report;
}

async function prepareDatabase(): Promise<string[]> {
  const env = getEnv();
  const report: string[] = [];
  await loadMediaStore();
  // A bucket that refuses (a wrong name, endpoint or key) is said now, not at the first upload.
  if (env.mediaStore.kind === "s3") {
    const problem = await mediaStoreProblem();
    if (problem)
      throw new StartupError(`MEDIA_STORE: media cannot be stored: ${problem} (see S3_ENDPOINT, S3_REGION and the S3 keys)`);
  }
  if (env.databaseUrl) {
    const { startPostgres } = await postgresStart();
    const opened = await startPostgres(env.databaseUrl, { pool: env.databasePool, migrating: true });
    postgres = opened.engine;
    // The outbox and the uploads in progress still live on this machine's disk.
    createDataFolder(env.dataDir, "DATABASE_PATH");
    createDataFolder(env.uploadDir, "UPLOAD_DIR");
    report.push(`Database ${describePostgres(env.databaseUrl)}: opened; ${migrationsLine(opened)}`);
  } else report.push(await prepareSqlite());
  // The secret is created only now that the database is known to be usable.
  getJwtSecret();
  const db = getDb();

  const [{ members }] = (await db.select({ members: count() }).from(users).all()) as [{ members: number }];
  if (!env.seed) report.push("Sample content: off (SEED=0)");
  else if (members === 0) {
    const seededMedia = seededMediaFolder();
    await seedDatabase(db, { mediaFolder: path.join(projectRoot, "db/seed-media"), uploadDir: seededMedia });
    await storeSeededMedia(seededMedia);
    report.push("Sample content: seeded into the empty database (SEED=0 starts without it)");
  } else report.push("Sample content: none added, the database already has members");
  // The catalogue is seeded on its own, so a database from before the marketplace gets one too.
  const [{ listed }] = (await db.select({ listed: count() }).from(products).all()) as [{ listed: number }];
  if (env.seed && listed === 0) {
    await seedCatalogue(db);
    report.push("Sample catalogue: seeded");
  }
  // Each product of the catalogue is shown as a sample listing; a database seeded before listings
  // existed gets them now, and one with them already gets nothing more.
  if (env.seed) {
    const added = await seedSampleListings(db);
    if (added) report.push(`Sample listings: ${added} added, one for each product of the sample catalogue`);
    const quoted = await seedSampleTestimonials(
      db,
      TESTIMONIALS.map(({ name, role, company, content, rating }) => ({ name, role, company, quote: content, rating })),
    );
    if (quoted) report.push(`Sample testimonials: ${quoted} added for the landing page (admins change them at /app/admin/site)`);
    const events = await seedSampleEvents(db);
    if (events) report.push(`Sample events: ${events} added, by the sample members (never on the public pages)`);
  }
  // The education hub's samples go into a hub without content, a database from before it included.
  if (env.seed && (await seedEducation(db))) report.push("Sample courses and articles: seeded into the empty education hub");
  // Names from before the name rule, or written into the database by hand: said, not changed.
  const names = await memberNamesLine(db);
  if (names) report.push(names);
  report.push(mediaStoreLine());
  report.push(
    env.smtpUrl
      ? `Mail: sent through ${new URL(env.smtpUrl).host} from ${env.mailFrom}`
      : `Mail: no SMTP_URL, so each mail is written to ${env.outboxDir} as an .eml file`,
  );
  report.push(
    env.trustProxy
      ? `Client addresses: from X-Forwarded-For, behind ${env.trustProxy} trusted ${env.trustProxy === 1 ? "proxy" : "proxies"}`
      : "Client addresses: from the connection (TRUST_PROXY=0)",
  );
  return report;
}

/** Opens (or creates) the SQLite file at DATABASE_PATH and applies its migrations; answers the start-up line. */
async function prepareSqlite(): Promise<string> {
  const env = getEnv();
  const marker = createdMarkerOf(env.databasePath);
  const exists = fs.existsSync(env.databasePath);
  // A database that vanished (a volume not mounted, a deleted file) must not silently become an
  // empty one that members then write to: the marker says one was created here before.
  if (!exists && fs.existsSync(marker) && !env.newDatabase) {
    throw new StartupError(
      `DATABASE_PATH: ${env.databasePath} is missing, but a database was created there before. ` +
        `Restore it (npm run restore -- FILE), or start once with NEW_DATABASE=1 to begin with an empty one.`,
    );
  }
  let migrations = { before: 0, after: 0 };
  const createdDataDir = !fs.existsSync(env.dataDir);
  createDataFolder(env.dataDir, "DATABASE_PATH");
  let db;
  try {
    db = openDatabase(env.databasePath, { logSql: env.logSql, onMigrated: (counts) => (migrations = counts) });
  } catch (error) {
    if (createdDataDir) fs.rmSync(env.dataDir, { recursive: true, force: true });
    throw error;
  }
  createDataFolder(env.uploadDir, "UPLOAD_DIR");
  setDatabase(db, env.databasePath);
  fs.writeFileSync(marker, "A Circular Hub database was created beside this file; see NEW_DATABASE in the README.\n", {
    mode: 0o600,
  });
  return `Database ${env.databasePath}: ${exists ? "opened" : "created"}; ${migrationsLine(migrations)}`;
}

function migrationsLine({ before, after }: { before: number; after: number }) {
  const applied = after - before;
  return `${applied ? `${applied} migration${applied === 1 ? "" : "s"} applied` : "no migration to apply"} (${after} in all)`;
}

export async function stopApp() {
  clearInterval(sweepTimer);
  clearInterval(checkTimer);
  stopDatabaseChecks();
  // Before the mail transport and the database close: a mail being sent may finish and be recorded.
  await stopJobs();
  closeMail();
  await closePasswordThreads();
  await closeEngine({ checkpoint: true });
}
