import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { digestSends, jobs, notifications, users } from "../../../db/schema";
import { getDb, type AppDatabase } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue } from "~/services/jobs.server";
import { queueDigestMail } from "./mails.server";
import { emailModeSql, replyAboutHiddenPost } from "./queries.server";
import { nextDigestRun, notificationText, utcDay } from "./rules";
import { DEFAULT_PREFERENCES } from "./vocabulary";

/**
 * The daily digest: once a day, each member whose "daily" types hold notifications they have not
 * read and that no mail carried yet gets one mail listing them. The run is a job in the jobs table
 * (it survives restarts, and each run writes the next), and a member's digest of a day is a row of
 * digest_sends written in the same transaction that queues its mail and marks what it carries:
 * a second run of the same day, by a restart or another process, finds the row and sends nothing.
 */

/** Listed one by one in a digest; the rest are counted. */
const DIGEST_ITEMS = 20;

export const DIGEST_JOB = "notification-digest";

export const digestJob = defineJobKind({
  name: DIGEST_JOB,
  sendsMail: false,
  schema: z.object({ runAt: z.number().int() }),
  async run({ runAt }) {
    const db = getDb();
    sendDigests(utcDay(new Date(runAt)), db);
    scheduleDigest(db);
  },
  describe({ runAt }) {
    return `daily digest of ${utcDay(new Date(runAt))}`;
  },
});

/** Makes sure the next run is waiting in the jobs table (at start, and after each run); answers its time. */
export function scheduleDigest(db: AppDatabase = getDb(), now = new Date()) {
  // The look and the write hold the write lock together: two processes never both find none waiting.
  return db.transaction(
    (tx) => {
      const waiting = tx
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, DIGEST_JOB), eq(jobs.state, "pending")))
        .orderBy(asc(jobs.runAt))
        .get();
      if (waiting) return waiting.runAt;
      const runAt = nextDigestRun(now, getEnv().digestHourUtc);
      enqueue(tx, digestJob, { runAt: runAt.getTime() }, { runAt });
      return runAt;
    },
    { behavior: "immediate" },
  );
}

/** Sends the digests of one day; answers how many members got one. */
export function sendDigests(day: string, db: AppDatabase = getDb()) {
  const { appUrl } = getEnv();
  const due = db
    .select({
      id: notifications.id,
      recipientId: notifications.recipientId,
      type: notifications.type,
      actors: notifications.actors,
      excerpt: notifications.excerpt,
      subjectType: notifications.subjectType,
      detail: notifications.detail,
      actorName: sql<string | null>`(SELECT a.username FROM users a WHERE a.id = ${notifications.actorId})`,
      subjectHidden: replyAboutHiddenPost,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .where(
      and(
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
        isNull(users.deletedAt),
        sql`${emailModeSql(DEFAULT_PREFERENCES)} = 'daily'`,
      ),
    )
    .orderBy(asc(notifications.recipientId), sql`${notifications.updatedAt} desc`, sql`${notifications.id} desc`)
    .all();
  const byRecipient = new Map<number, typeof due>();
  for (const row of due) byRecipient.set(row.recipientId, [...(byRecipient.get(row.recipientId) ?? []), row]);
  let sent = 0;
  for (const [recipientId, rows] of byRecipient) {
    const mailed = db.transaction((tx) => {
      const first = tx.insert(digestSends).values({ userId: recipientId, day }).onConflictDoNothing().run().changes === 1;
      if (!first) return false;
      const member = tx
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, recipientId))
        .get()!;
      tx.update(notifications)
        .set({ emailedAt: new Date() })
        .where(
          and(
            inArray(
              notifications.id,
              rows.map((row) => row.id),
            ),
            isNull(notifications.emailedAt),
          ),
        )
        .run();
      queueDigestMail(tx, {
        to: member.email,
        name: member.username,
        day,
        items: rows.slice(0, DIGEST_ITEMS).map((row) => ({
          text: notificationText({ ...row, actorName: row.actorName, subjectHidden: row.subjectHidden === 1 }),
          link: `${appUrl}/app/notifications/${row.id}`,
        })),
        more: Math.max(0, rows.length - DIGEST_ITEMS),
        all: `${appUrl}/app/notifications`,
        links: { userId: recipientId, scope: "digest" },
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
