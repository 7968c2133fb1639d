/** What the services below the features keep: background jobs, rate-limit windows, export leases. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * Work that must survive a failure or a restart (mail today), written in the same transaction as
 * the change that caused it and run by the server's job runner (app/services/jobs.server.ts).
 * pending -> running (claimed, attempts counted) -> done; a failed attempt goes back to pending
 * with a later run_at, or to failed after the last one; a job cut off while running (a crash) is
 * marked interrupted and never run again, since it may have done its work.
 */
export const JOB_STATES = ["pending", "running", "done", "failed", "interrupted"] as const;

export type JobState = (typeof JOB_STATES)[number];

export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The registered kind ("mail"), which says how to read the payload and run the job. */
    kind: text("kind").notNull(),
    /** JSON checked by the kind's schema; null once the job is finished, so no secret outlives it. */
    payload: text("payload", { mode: "json" }).$type<unknown>(),
    state: text("state", { enum: JOB_STATES }).notNull().default("pending"),
    /** Attempts started so far, counted when a runner claims the job. */
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time. */
    runAt: integer("run_at", { mode: "timestamp_ms" }).notNull(),
    /** The last failure in one line, query strings removed. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    /** The last change of state: for a running job, when it was claimed. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /**
     * Jobs of one kind with the same key fold into the one still waiting (enqueueFolding): the
     * mails about one order to one member within a few minutes leave as one.
     */
    foldKey: text("fold_key"),
  },
  // The runner asks for pending jobs that are due; pruning asks for finished jobs by age; a fold
  // asks for the waiting job of its kind and key.
  (table) => [
    check("jobs_state_check", sql`${table.state} in ('pending', 'running', 'done', 'failed', 'interrupted')`),
    index("jobs_state_run_at_idx").on(table.state, table.runAt),
    index("jobs_state_finished_at_idx").on(table.state, table.finishedAt),
    index("jobs_fold_idx")
      .on(table.kind, table.foldKey)
      .where(sql`${table.state} = 'pending' and ${table.foldKey} is not null`),
  ],
);

/**
 * Fixed-window counters of the rate limits and allowances (app/services/rate-limit.server.ts),
 * shared by every process of the server. `key` is what is counted (an action and an address, an
 * account or a member; a long one as its hash), `reset_at` when its window ends (ms since the
 * epoch), `count` the attempts counted in it. Expired rows are swept hourly.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    resetAt: integer("reset_at").notNull(),
    count: integer("count").notNull(),
  },
  // The sweep deletes by window end, and a full table drops the windows that end first.
  (table) => [index("rate_limits_reset_at_idx").on(table.resetAt)],
);

/**
 * The member exports being sent now (app/services/member-exports.server.ts), one a member and
 * kind, in the database so that every process of the server (WORKERS) sees them. `holder` names
 * the download holding the lease; a download pushes `expires_at` on as it sends, so a lease left
 * behind by a process that died ends by itself.
 */
export const exportLeases = sqliteTable(
  "export_leases",
  {
    memberId: integer("member_id").notNull(),
    kind: text("kind").notNull(),
    holder: text("holder").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.kind] })],
);

export type Job = typeof jobs.$inferSelect;
