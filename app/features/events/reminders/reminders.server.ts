import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { transaction } from "~/services/database/db.server";
import { defineJobKind, enqueue, pendingRunAt } from "~/services/jobs.server";
import { notify } from "~/features/notifications/notify.server";
import { claimReminder, dueReminders, goingMemberIds } from "../store/calendar.server";
import { nextReminderRun, REMINDER_AHEAD_MS, reminderDetail } from "./rules";

/**
 * The day-before reminder: an hourly run, kept in the jobs table (it survives restarts, and each
 * run writes the next, as the daily digest does), tells everyone going to an event that starts
 * within a day. Each event is claimed by one conditional UPDATE of `reminded_at` in the
 * transaction that writes its notifications, so two workers running it at once, or a run tried
 * again, tell each member once.
 */

export const REMINDER_JOB = "event-reminders";

export const eventRemindersJob = defineJobKind({
  name: REMINDER_JOB,
  sendsMail: false,
  schema: z.object({ runAt: z.number().int() }),
  async run() {
    // The next run is written first, so a run that fails for good still leaves the hour after it.
    await scheduleEventReminders();
    await sendEventReminders();
  },
  describe({ runAt }) {
    return `event reminders of ${new Date(runAt).toISOString().slice(0, 13)}h`;
  },
});

/** Makes sure the next run is waiting in the jobs table (at start, and by each run); answers its time. */
export async function scheduleEventReminders(now = new Date()): Promise<Date> {
  // The look and the write hold the write lock together: two processes never both find none waiting.
  return transaction(async (tx) => {
    const waiting = await pendingRunAt(tx, REMINDER_JOB);
    if (waiting) return waiting;
    const runAt = nextReminderRun(now);
    await enqueue(tx, eventRemindersJob, { runAt: runAt.getTime() }, { runAt });
    return runAt;
  });
}

/** Tells everyone going to each event due a reminder; answers how many events were reminded. */
export async function sendEventReminders(now = new Date()): Promise<number> {
  let reminded = 0;
  for (const event of await dueReminders(now, REMINDER_AHEAD_MS)) {
    const claimed = await transaction(async (tx) => {
      if (!(await claimReminder(tx, event.id, now))) return false;
      const detail = reminderDetail(event);
      for (const recipientId of await goingMemberIds(tx, event.id)) {
        await notify(tx, {
          recipientId,
          type: "event_reminder",
          actorId: event.organiserId,
          subjectType: "event",
          subjectId: event.id,
          excerpt: event.title,
          detail,
        });
      }
      return true;
    });
    if (claimed) reminded++;
    // On SQLite a transaction settles without leaving the event loop: requests get a turn between events.
    await nextTurn();
  }
  return reminded;
}
