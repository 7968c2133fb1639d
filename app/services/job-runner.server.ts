import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { jobs, type Job } from "../../db/schema";
import { type AppDatabase, changedRows, isDatabaseBusy, isPostgres, sqliteClient } from "./database/db.server";
import { type AnyJobKind, maxAttempts, PermanentJobError, RETRY_DELAYS_MS, retryDelay } from "./job-kinds.server";
import { describeError, logLine } from "./log.server";
import { awaitWriteTurn, noteDatabaseBusy } from "./database/write-lock.server";

/**
 * The job runner (jobs.server.ts): claims the due jobs of the kinds it knows, runs them one at a
 * time, retries a failure later, marks a job cut off while running as interrupted, and prunes
 * finished ones.
 */

/**
 * A running job still claimed after this long was cut off (the process died or was killed): no
 * handler takes this long, since a mail attempt ends within 2 minutes.
 */
export const JOB_LEASE_MS = 10 * 60_000;
/** Finished jobs are kept a while for the operator, then deleted: done ones for a week, failed ones for a month. */
export const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;
/** A stop waits this long for a running job before the process exits. */
export const STOP_WAIT_MS = 5_000;
/** The runner looks at the table at least this often (a job written by another process). */
const POLL_MS = 30_000;
/**
 * After a pass that failed (another program holds the write lock, the file became read-only), the
 * next waits this long, doubling up to the longest: a job that is due must not be retried at once,
 * over and over, each try blocking the process for the database's busy timeout.
 */
const FAILED_PASS_WAIT_MS = 1_000;
const FAILED_PASS_WAIT_MAX_MS = 30_000;
/** The same failure of passes is logged again at most this often while it lasts. */
const REPEAT_LOG_MS = 60_000;
/** Interrupted jobs and pruning are looked at on a pass at most this often. */
const HOUSEKEEPING_MS = 60_000;
const BATCH = 20;

/** Claims a due pending job for one attempt, or answers undefined when another runner was first. */
export async function claimJob(db: AppDatabase, id: number, now: number): Promise<Job | undefined> {
  return db
    .update(jobs)
    .set({ state: "running", attempts: sql`${jobs.attempts} + 1`, updatedAt: new Date(now) })
    .where(and(eq(jobs.id, id), eq(jobs.state, "pending"), lte(jobs.runAt, new Date(now))))
    .returning()
    .get();
}

/** An error as one line for the log and jobs.last_error: no stack, no query string (a link's token). */
function errorLine(error: unknown) {
  const line = describeError(error).replace(/(\bhttps?:\/\/[^\s?#]*)[?#][^\s)"'>]*/g, "$1");
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export function formatDelay(ms: number) {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 60 * 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / (60 * 60_000))} h`;
}

export type JobRunnerOptions = {
  db: AppDatabase;
  kinds: readonly AnyJobKind[];
  /** The clock, in milliseconds since the epoch (tests move it forward). */
  now?: () => number;
  log?: (line: string, level?: "info" | "error") => void;
  retryDelays?: readonly number[];
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Runs the due jobs of the given kinds, one at a time, in the order they are due. Only kinds it
 * knows are claimed, so a row of a kind this version lacks waits for one that has it.
 */
export function createJobRunner({ db, kinds, now = Date.now, log = logLine, retryDelays = RETRY_DELAYS_MS }: JobRunnerOptions) {
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  const names = [...byName.keys()];
  const attemptsInAll = maxAttempts(retryDelays);
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  let lastHousekeeping = -Infinity;
  let current: string | undefined;
  /** Passes that failed in a row, and the failure last logged (and when, and how often since). */
  let failedPasses = 0;
  let failure: { what: string; loggedAt: number; repeats: number } | undefined;

  const pendingOfKnownKinds = () => and(eq(jobs.state, "pending"), inArray(jobs.kind, names));

  function describe(job: Pick<Job, "id" | "kind" | "payload">) {
    const kind = byName.get(job.kind);
    if (!kind) return `Job ${job.id} (${job.kind})`;
    const parsed = kind.schema.safeParse(job.payload);
    return `Job ${job.id} (${parsed.success ? kind.describe(parsed.data) : `${job.kind}, payload unreadable`})`;
  }

  /**
   * Writes what became of an attempt. The work is done by then, so a lock held by another program
   * (the sqlite3 shell) is waited out a few seconds rather than leaving the job claimed, which
   * would later read as cut off.
   */
  async function record(write: () => Promise<unknown>) {
    for (let wait = 250; ; wait *= 2) {
      try {
        return await write();
      } catch (error) {
        if (!isDatabaseBusy(error) || wait > 4_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Records the end of a job and drops its payload, so nothing it carried (a link) outlives it. */
  function finish(id: number, state: "done" | "failed", error: string | null) {
    return record(async () => {
      const at = new Date(now());
      await db
        .update(jobs)
        .set({ state, payload: null, lastError: error, finishedAt: at, updatedAt: at })
        .where(and(eq(jobs.id, id), eq(jobs.state, "running")))
        .run();
    });
  }

  async function runClaimed(job: Job) {
    const kind = byName.get(job.kind)!;
    const attempt = job.attempts;
    const parsed = kind.schema.safeParse(job.payload);
    const name = describe(job);
    if (!parsed.success) {
      await finish(job.id, "failed", "its payload does not match its kind's schema");
      log(
        `${name} failed on attempt ${attempt} of ${attemptsInAll}: its payload does not match its kind's schema; gave up`,
        "error",
      );
      return;
    }
    current = name;
    try {
      await kind.run(parsed.data, { id: job.id, attempt });
    } catch (error) {
      const reason = errorLine(error);
      const delay = error instanceof PermanentJobError ? null : retryDelay(attempt, retryDelays);
      if (delay === null) {
        await finish(job.id, "failed", reason);
        const why = error instanceof PermanentJobError ? error.why : `that was the last of ${attemptsInAll} attempts`;
        log(`${name} failed on attempt ${attempt} of ${attemptsInAll}: ${reason}; gave up (${why})`, "error");
      } else {
        const at = new Date(now() + delay);
        await record(() =>
          db
            .update(jobs)
            .set({ state: "pending", runAt: at, lastError: reason, updatedAt: new Date(now()) })
            .where(and(eq(jobs.id, job.id), eq(jobs.state, "running")))
            .run(),
        );
        log(
          `${name} failed on attempt ${attempt} of ${attemptsInAll}: ${reason}; next try in ${formatDelay(delay)} (${at.toISOString()})`,
          "error",
        );
      }
      return;
    } finally {
      current = undefined;
    }
    await finish(job.id, "done", null);
    if (attempt > 1) log(`${name} done on attempt ${attempt}`);
  }

  /**
   * Marks jobs claimed longer ago than the lease as interrupted, without running them again: the
   * process that claimed them died mid-run, and the work may have been done (a mail handed to the
   * mail server just before the crash). Once in the log beats twice in a mailbox.
   */
  async function recoverInterrupted() {
    const cutoff = new Date(now() - JOB_LEASE_MS);
    const stale = await db
      .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.state, "running"), lt(jobs.updatedAt, cutoff)))
      .all();
    for (const job of stale) {
      const at = new Date(now());
      const marked = await db
        .update(jobs)
        .set({ state: "interrupted", payload: null, lastError: "cut off while running", finishedAt: at, updatedAt: at })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, "running"), lt(jobs.updatedAt, cutoff)))
        .run();
      if (changedRows(marked) !== 1) continue;
      log(
        `${describe(job)} was cut off during attempt ${job.attempts} (the server stopped or crashed while it ran); ` +
          "it is not run again, since it may have finished: check whether it arrived",
        "error",
      );
    }
    return stale.length;
  }

  /** Deletes finished jobs past their keeping time; answers how many. */
  async function prune() {
    const t = now();
    return changedRows(
      await db
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.state, "done"), lt(jobs.finishedAt, new Date(t - KEEP_DONE_MS))),
            and(inArray(jobs.state, ["failed", "interrupted"]), lt(jobs.finishedAt, new Date(t - KEEP_FAILED_MS))),
          ),
        )
        .run(),
    );
  }

  /** Runs every job that is due now, one after another; answers how many it ran. */
  async function runDue() {
    let ran = 0;
    for (;;) {
      const due = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(pendingOfKnownKinds(), lte(jobs.runAt, new Date(now()))))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(BATCH)
        .all();
      let claimed = 0;
      for (const { id } of due) {
        if (stopping) return ran;
        // Another runner may have taken it since the list was read: then it is simply not ours.
        const job = await claimJob(db, id, now());
        if (!job) continue;
        claimed++;
        await runClaimed(job);
        ran++;
        // A job that only reads and writes SQLite settles without ever leaving the event loop to
        // others: between jobs, the process's requests get their turn.
        await nextTurn();
      }
      if (claimed === 0) return ran;
    }
  }

  const failedPassWait = () => Math.min(FAILED_PASS_WAIT_MS * 2 ** Math.min(failedPasses - 1, 10), FAILED_PASS_WAIT_MAX_MS);

  /** Logs a failed pass: a new failure at once, the same one again at most once a minute. */
  function passFailed(error: unknown) {
    failedPasses++;
    // Another program holds the lock: the next writes fail at once instead of each waiting.
    if (isDatabaseBusy(error) && !isPostgres()) noteDatabaseBusy(sqliteClient(db));
    const line = errorLine(error);
    // The same failure may come from another statement of the pass (pruning, a claim): where it was thrown does not count.
    const what = line.replace(/ \(at [^)]*\)/, "");
    const same = failure?.what === what;
    if (same && now() - failure!.loggedAt < REPEAT_LOG_MS) {
      failure!.repeats++;
      return;
    }
    const repeats = same && failure!.repeats ? ` (again; ${failure!.repeats} more times since the last line)` : "";
    failure = { what, loggedAt: now(), repeats: 0 };
    log(`Jobs: a pass over the queue failed: ${line}${repeats}; trying again in ${formatDelay(failedPassWait())}`, "error");
  }

  function passWorked() {
    if (failedPasses > 0) log(`Jobs: a pass over the queue worked again, after ${failedPasses} failed`);
    failedPasses = 0;
    failure = undefined;
  }

  /** Sleeps until the next pending job is due, or POLL_MS at most; after a failed pass, a while longer each time. */
  async function schedule() {
    clearTimeout(timer);
    if (!running) return;
    let wait = POLL_MS;
    if (failedPasses > 0) {
      timer = setTimeout(kick, failedPassWait());
      timer.unref();
      return;
    }
    try {
      const next = await db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(pendingOfKnownKinds())
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .get();
      if (next) wait = Math.min(Math.max(next.runAt.getTime() - now(), 0), POLL_MS);
    } catch (error) {
      log(`Jobs: could not read the queue: ${errorLine(error)}`, "error");
    }
    // Stopped, or scheduled again, while the queue was read.
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(kick, wait);
    timer.unref();
  }

  /** Starts a pass over the due jobs, or asks the pass under way for another round. */
  function kick() {
    if (!running) return;
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      do {
        again = false;
        try {
          // Claims and housekeeping write: wait for the lock off the event loop, like a request.
          if (!isPostgres()) await awaitWriteTurn(sqliteClient(db));
          if (now() - lastHousekeeping >= HOUSEKEEPING_MS) {
            lastHousekeeping = now();
            await recoverInterrupted();
            await prune();
          }
          await runDue();
          passWorked();
        } catch (error) {
          // A locked database (a backup holding it): a later pass tries again.
          passFailed(error);
          break;
        }
      } while (again && running);
    })().finally(() => {
      pass = undefined;
      void schedule();
    });
  }

  return {
    runDue,
    recoverInterrupted,
    prune,
    kick,
    /** Starts running due jobs now and whenever one falls due. */
    start() {
      running = true;
      stopping = false;
      setImmediate(kick).unref();
    },
    /** Claims nothing more and waits up to `waitMs` for a job that is running. */
    async stop(waitMs = STOP_WAIT_MS) {
      running = false;
      stopping = true;
      clearTimeout(timer);
      if (!pass) return;
      let expire: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        pass.then(() => true),
        new Promise<false>((resolve) => (expire = setTimeout(() => resolve(false), waitMs))),
      ]);
      clearTimeout(expire);
      if (!waited && current) {
        log(
          `${current} was still running at the stop; if it did not finish, it will be marked interrupted and not run again`,
          "error",
        );
      }
    },
  };
}
