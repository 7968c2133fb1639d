import { setImmediate as nextTurn } from "node:timers/promises";
import { deleteOldNotifications } from "./store/notifications.server";
import { READ_RETENTION_DAYS, UNREAD_RETENTION_DAYS } from "./vocabulary";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Rows deleted by one statement: each batch holds the write lock only briefly, so requests that
 * write (in this process or another worker) wait milliseconds, not the whole sweep. On SQLite a
 * statement runs to its end before its promise settles, so the loop gives the event loop a turn
 * between batches: otherwise this process's requests would wait for the whole sweep.
 */
const BATCH = 500;

/**
 * Deletes the notifications past their retention (vocabulary: READ_RETENTION_DAYS once read,
 * UNREAD_RETENTION_DAYS while unread), reckoned from their last activity; answers how many. Run
 * by the hourly sweep. Their things (posts, orders) are not touched, and the bell's count only
 * loses unread notifications a year old.
 */
export async function pruneNotifications(now = Date.now()) {
  const readBefore = now - READ_RETENTION_DAYS * DAY_MS;
  const unreadBefore = now - UNREAD_RETENTION_DAYS * DAY_MS;
  let deleted = 0;
  for (;;) {
    const changes = await deleteOldNotifications(readBefore, unreadBefore, BATCH);
    deleted += changes;
    if (changes < BATCH) return deleted;
    await nextTurn();
  }
}
