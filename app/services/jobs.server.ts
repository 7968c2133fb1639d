import { and, asc, desc, eq, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { type AppDatabase, type Db, afterCommit, changedRows, transaction } from "./database/db.server";
import type { JobKind, AnyJobKind } from "./job-kinds.server";
import { createJobRunner, type JobRunner } from "./job-runner.server";

/**
 * Jobs: work that must survive a failure or a restart (mail today). A job's row is written in the
 * same transaction as the change that causes it (`enqueue`), so either both are stored or neither;
 * the runner starts it as soon as the transaction has committed, and retries a failure later.
 * A job runs at most once to completion: a runner claims it with one conditional UPDATE before
 * running it, and a job cut off while running (a crash) is marked interrupted, never rerun.
 * Why a table and not a queue library: docs/decisions/013-jobs.md.
 */

// The kinds and the runner live beside this module; their names are importable from here.
export {
  defineJobKind,
  maxAttempts,
  PermanentJobError,
  RETRY_DELAYS_MS,
  retryDelay,
  type AnyJobKind,
  type JobKind,
} from "./job-kinds.server";
export {
  claimJob,
  createJobRunner,
  formatDelay,
  JOB_LEASE_MS,
  KEEP_DONE_MS,
  KEEP_FAILED_MS,
  STOP_WAIT_MS,
  type JobRunner,
  type JobRunnerOptions,
} from "./job-runner.server";

/** The runner of this process, told when a job is written so it starts at once. */
let processRunner: JobRunner | undefined;

/**
 * Writes a job; pass the transaction of the change that causes it, so the job exists exactly when
 * the change does. Answers the job's id. The payload is checked against the kind's schema here,
 * so a mistake fails the request that made it rather than a job hours later.
 * A failure (a payload its schema refuses, a full disk) rejects, and rolls back the caller's transaction.
 */
export function enqueue<P>(db: Db, kind: JobKind<P>, payload: P, { runAt }: { runAt?: Date } = {}): Promise<number> {
  return writeJob(db, kind, payload, runAt ?? new Date());
}

async function writeJob<P>(db: Db, kind: JobKind<P>, payload: P, runAt: Date) {
  const checked = kind.schema.parse(payload);
  const { id } = await db.insert(jobs).values({ kind: kind.name, payload: checked, runAt }).returning({ id: jobs.id }).get();
  // Once the caller's transaction committed: a kick before it (PostgreSQL's transactions span
  // many turns of the event loop) found nothing due and left the job to the next poll, 30 s later.
  afterCommit(() => processRunner?.kick());
  return id;
}

/**
 * Writes a job that waits `delayMs` before it runs, or folds the payload into the job of the same
 * kind and `foldKey` that is still waiting: `fold(waiting, next)` answers the payload that job
 * then carries, and it keeps its time, so the first change is told at most `delayMs` late and the
 * ones after it ride along. Inside the caller's transaction, like enqueue; a job the runner has
 * claimed (or one that failed for good) is never changed, so a fold after that starts a new job.
 * Answers the job's id; like enqueue, a failure rejects.
 */
export async function enqueueFolding<P>(
  db: Db,
  kind: JobKind<P>,
  payload: P,
  { foldKey, delayMs, fold }: { foldKey: string; delayMs: number; fold: (waiting: P, next: P) => P },
): Promise<number> {
  // The look and the write in one transaction (a savepoint in the caller's), so two changes at
  // once fold into one job rather than each finding none waiting.
  return transaction(async () => {
    const waiting = await db
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, kind.name), eq(jobs.foldKey, foldKey), eq(jobs.state, "pending")))
      .orderBy(desc(jobs.id))
      .get();
    const readable = waiting ? kind.schema.safeParse(waiting.payload) : undefined;
    if (waiting && readable?.success) {
      const folded = kind.schema.parse(fold(readable.data, kind.schema.parse(payload)));
      const changes = changedRows(
        await db
          .update(jobs)
          .set({ payload: folded, updatedAt: new Date() })
          .where(and(eq(jobs.id, waiting.id), eq(jobs.state, "pending")))
          .run(),
      );
      if (changes) return waiting.id;
    }
    const id = await writeJob(db, kind, payload, new Date(Date.now() + delayMs));
    // writeJob has asked the runner for a pass, which then sleeps until this job is due.
    await db.update(jobs).set({ foldKey }).where(eq(jobs.id, id)).run();
    return id;
  }, db);
}

/**
 * Starts this process's runner over the given kinds; answers the start-up log's line. Called by
 * startApp once the database is open.
 */
export async function startJobs(db: AppDatabase, kinds: readonly AnyJobKind[]) {
  processRunner = createJobRunner({ db, kinds });
  processRunner.start();
  return waitingJobsLine(db);
}

/** When the pending run of a kind of job is due, the earliest if several; undefined when none waits. */
export async function pendingRunAt(db: Db, kind: string): Promise<Date | undefined> {
  return (
    await db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.state, "pending")))
      .orderBy(asc(jobs.runAt))
      .get()
  )?.runAt;
}

/**
 * The start-up log's line about the queue. With WORKERS, every worker runs a runner over the one
 * table: a claim is one conditional UPDATE, so a job runs in one of them only, and a running job
 * is taken for cut off only after JOB_LEASE_MS, so a worker starting never marks another's.
 */
export async function waitingJobsLine(db: AppDatabase) {
  const [{ waiting }] = (await db
    .select({ waiting: sql<number>`count(*)` })
    .from(jobs)
    .where(eq(jobs.state, "pending"))
    .all()) as [{ waiting: number }];
  return waiting ? `Jobs: ${waiting} waiting from before, each run when it falls due` : "Jobs: none waiting";
}

/** Stops this process's runner, giving a running job a few seconds to finish. */
export async function stopJobs() {
  const runner = processRunner;
  processRunner = undefined;
  await runner?.stop();
}
