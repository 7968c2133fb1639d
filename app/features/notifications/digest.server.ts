import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { transaction } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, pendingRunAt } from "~/services/jobs.server";
import { queueDigestMail } from "./mails.server";
import { nextDigestRun, notificationText, utcDay } from "./rules";
import { dueForDigest, recordDigest } from "./store/digest.server";
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
    await sendDigests(utcDay(new Date(runAt)));
    await scheduleDigest();
  },
  describe({ runAt }) {
    return `daily digest of ${utcDay(new Date(runAt))}`;
  },
});

/** Makes sure the next run is waiting in the jobs table (at start, and after each run); answers its time. */
export async function scheduleDigest(now = new Date()): Promise<Date> {
  // The look and the write hold the write lock together: two processes never both find none waiting.
  return transaction(async (tx) => {
    const waiting = await pendingRunAt(tx, DIGEST_JOB);
    if (waiting) return waiting;
    const runAt = nextDigestRun(now, getEnv().digestHourUtc);
    await enqueue(tx, digestJob, { runAt: runAt.getTime() }, { runAt });
    return runAt;
  });
}

/** Sends the digests of one day; answers how many members got one. */
export async function sendDigests(day: string) {
  const { appUrl } = getEnv();
  const due = await dueForDigest(DEFAULT_PREFERENCES);
  const byRecipient = new Map<number, typeof due>();
  for (const row of due) {
    const rows = byRecipient.get(row.recipientId);
    if (rows) rows.push(row);
    else byRecipient.set(row.recipientId, [row]);
  }
  let sent = 0;
  for (const [recipientId, rows] of byRecipient) {
    const mailed = await transaction(async (tx) => {
      const member = await recordDigest(
        tx,
        recipientId,
        day,
        rows.map((row) => row.id),
      );
      if (!member) return false;
      await queueDigestMail(tx, {
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
    // On SQLite a transaction settles without leaving the event loop: requests get a turn between members.
    await nextTurn();
  }
  return sent;
}
