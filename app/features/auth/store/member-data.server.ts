import { statement, type Db } from "~/services/database/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";

/** Signing in's rows in the member's export, and their erasure when the member leaves. */

export async function exportedSessions(id: number) {
  return (
    await memberRows(
      "SELECT created_at, last_seen_at, expires_at, user_agent FROM sessions WHERE user_id = @id ORDER BY created_at",
      id,
    )
  ).map((row) => shaped(row, { times: ["created_at", "last_seen_at", "expires_at"] }));
}

/** Sessions ended from elsewhere, and why, while their tokens would still have been valid. */
export async function exportedEndedSessions(id: number) {
  return (
    await memberRows(
      "SELECT reason, created_at AS ended_at, expires_at FROM ended_sessions WHERE user_id = @id ORDER BY created_at",
      id,
    )
  ).map((row) => shaped(row, { times: ["ended_at", "expires_at"] }));
}

export async function eraseAuthRows(_tx: Db, id: number) {
  const run = (sql: string) => statement(sql).run({ id });
  await run("DELETE FROM password_reset_tokens WHERE user_id = @id");
  // The token dies at once: a request checks its session row every time.
  await run("DELETE FROM sessions WHERE user_id = @id");
  // What told their devices why they were signed out names their sessions: it goes too.
  await run("DELETE FROM ended_sessions WHERE user_id = @id");
}
