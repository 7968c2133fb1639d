import type { z } from "zod";

/**
 * What a job is (jobs.server.ts): a kind, defined beside the code that writes it, and how often a
 * failed one is tried again.
 */

/**
 * How long to wait after each failed attempt before the next: the first retry comes soon (a
 * mail server restarting), the later ones spread over hours (a mail server down for the night).
 * After the last delay's attempt fails, the job gives up.
 */
export const RETRY_DELAYS_MS: readonly number[] = [20_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];

/** The delay before the attempt after `failedAttempt` (counted from 1), or null when it was the last. */
export function retryDelay(failedAttempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  if (!Number.isInteger(failedAttempt) || failedAttempt < 1) return null;
  return delays[failedAttempt - 1] ?? null;
}

/** How many attempts a job gets in all. */
export const maxAttempts = (delays: readonly number[] = RETRY_DELAYS_MS) => delays.length + 1;

/**
 * One kind of job: the schema its payload must match (checked when it is written and again when
 * it runs, since a row may outlive the code that wrote it), what running it does, and how it is
 * named in the log. A new kind is defined beside the code that writes it and listed in
 * app/server/start.server.ts, where the runner learns it.
 */
export type JobKind<P> = {
  /** Stored in jobs.kind: never rename a kind that may still have rows. */
  name: string;
  schema: z.ZodType<P>;
  /** Does the work; throws to fail the attempt (PermanentJobError: no point trying again). */
  run(payload: P, job: { id: number; attempt: number }): Promise<void>;
  /** The job in a log line: what and for whom, never a secret such as a link with a token. */
  describe(payload: P): string;
  /**
   * Whether running it sends mail: `npm run restore` holds back such jobs that were waiting when
   * the backup was taken (they may have gone out since, and their links name the APP_URL of then).
   */
  sendsMail: boolean;
};

/**
 * A kind of any payload, for the runner's list: each kind checks its own payload with its schema
 * before `run` sees it. (The members are methods so that a kind of a given payload fits here.)
 */
export type AnyJobKind = JobKind<unknown>;

export function defineJobKind<P>(kind: JobKind<P>): JobKind<P> {
  return kind;
}

/** A failure that another attempt cannot mend (a reset link that has expired): the job gives up at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
  /** Why the job is not tried again, as the log's give-up line says it. */
  readonly why: string;
  constructor(message: string, why = "trying again cannot help") {
    super(message);
    this.why = why;
  }
}
