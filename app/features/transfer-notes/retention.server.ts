import { setImmediate as nextTurn } from "node:timers/promises";
import { logLine } from "~/services/log.server";
import { deleteExpiredNotes } from "./store/notes.server";

/**
 * Notes deleted by one statement: each batch holds the write lock only briefly, and the event loop
 * has a turn between batches (on SQLite a statement runs to its end before its promise settles).
 */
const BATCH = 500;

/**
 * Removes the transfer notes past their retain_until (two years after the transfer), whatever
 * became of their parties' accounts, and says how many in the log; answers the count. Run by the
 * hourly sweep.
 */
export async function sweepExpiredTransferNotes(now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const changes = await deleteExpiredNotes(now, BATCH);
    removed += changes;
    if (changes < BATCH) break;
    await nextTurn();
  }
  if (removed > 0) logLine(`Removed ${removed} transfer ${removed === 1 ? "note" : "notes"} past their retention`);
  return removed;
}
