import { statement, type Db } from "~/services/database/db.server";
import { bool, memberRows, shaped } from "~/services/export-rows.server";

/** Notifications' rows in the member's export, and their erasure when the member leaves. */

/** Only the types the member changed: any other type has its default. */
export async function exportedNotificationPreferences(id: number) {
  return (await memberRows("SELECT type, in_app, email FROM notification_preferences WHERE user_id = @id ORDER BY type", id)).map(
    (row) => ({ ...row, in_app: bool(row.in_app as number) }),
  );
}

export async function exportedNotifications(id: number) {
  return (
    await memberRows(
      `SELECT n.id, n.type, n.actor_id, u.username AS actor_name, n.actors, n.subject_type, n.subject_id, n.excerpt,
         n.read_at, n.emailed_at, n.created_at, n.updated_at
       FROM notifications n LEFT JOIN users u ON u.id = n.actor_id WHERE n.recipient_id = @id ORDER BY n.id`,
      id,
    )
  ).map((row) => shaped(row, { times: ["read_at", "emailed_at", "created_at", "updated_at"] }));
}

export async function eraseNotificationRows(_tx: Db, id: number) {
  const run = (sql: string) => statement(sql).run({ id });
  await run("DELETE FROM notification_preferences WHERE user_id = @id");
  await run("DELETE FROM notifications WHERE recipient_id = @id");
  await run("UPDATE notifications SET actor_id = NULL WHERE actor_id = @id");
  await run("DELETE FROM digest_sends WHERE user_id = @id");
}
