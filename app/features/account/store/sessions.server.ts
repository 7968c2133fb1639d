import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "../../../../db/schema";
import { type Db, getDb, statement, changedRows } from "~/services/database/db.server";

/** The member's sessions as their settings list and end them. */

/** The member's live sessions, newest first. */
export async function liveSessionsOf(userId: number, db: Db = getDb()) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .all();
}

/** Deletes one of the member's sessions (signing out); answers how many rows went (0 or 1). */
export async function deleteSessionOf(userId: number, sessionId: string, db: Db = getDb()): Promise<number> {
  return changedRows(
    await db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .run(),
  );
}

/**
 * Whether the member was active on some day (UTC) from their account's creation to before the
 * day this session was opened; undefined when the session is not theirs. Only the days from the
 * account's creation are read, a short range of the table's key for nearly every member.
 */
export async function activeBeforeSession(sessionId: string, userId: number): Promise<boolean | undefined> {
  const row = (await statement(
    `SELECT EXISTS (
       SELECT 1 FROM activity_days a
       WHERE a.day >= date(u.created_at / 1000, 'unixepoch') AND a.day < date(s.created_at / 1000, 'unixepoch')
         AND a.user_id = u.id
     ) AS returned
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ?`,
  ).get(sessionId, userId)) as { returned: number } | undefined;
  return row === undefined ? undefined : row.returned === 1;
}
