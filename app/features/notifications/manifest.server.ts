import { prepared } from "~/services/db.server";
import { bool, memberRows, shaped } from "~/services/export-rows.server";
import type { FeatureManifest } from "~/services/features.server";
import { digestJob } from "./digest.server";
import { notificationMailJob } from "./mails.server";

/** The member's notifications, their choices of how to hear, and the digests sent to them. */
export const notificationsManifest: FeatureManifest = {
  name: "notifications",
  jobKinds: [notificationMailJob, digestJob],
  exports: {
    handles: ["notification_preferences.user_id", "notifications.recipient_id", "notifications.subject_id"],
    leaves: {
      "notifications.actor_id": "another member's notifications, naming the member as who did it: theirs, not the member's",
      "digest_sends.user_id": "which days a digest went out: bookkeeping, the digest itself was the member's mail",
    },
    sections: async (id) => ({
      // Only the types the member changed: any other type has its default.
      "preferences.notifications": memberRows(
        "SELECT type, in_app, email FROM notification_preferences WHERE user_id = @id ORDER BY type",
        id,
      ).map((row) => ({ ...row, in_app: bool(row.in_app as number) })),
      notifications: memberRows(
        `SELECT n.id, n.type, n.actor_id, u.username AS actor_name, n.actors, n.subject_type, n.subject_id, n.excerpt,
         n.read_at, n.emailed_at, n.created_at, n.updated_at
       FROM notifications n LEFT JOIN users u ON u.id = n.actor_id WHERE n.recipient_id = @id ORDER BY n.id`,
        id,
      ).map((row) => shaped(row, { times: ["read_at", "emailed_at", "created_at", "updated_at"] })),
    }),
  },
  erases: {
    handles: ["notification_preferences.user_id", "notifications.recipient_id", "notifications.actor_id", "digest_sends.user_id"],
    leaves: {
      "notifications.subject_id":
        "another member's notification about the member (a follow, a suspension) leads to the tombstone",
    },
    erase: async (_tx, id) => {
      const run = (sql: string) => prepared(sql).run({ id });
      run("DELETE FROM notification_preferences WHERE user_id = @id");
      run("DELETE FROM notifications WHERE recipient_id = @id");
      run("UPDATE notifications SET actor_id = NULL WHERE actor_id = @id");
      run("DELETE FROM digest_sends WHERE user_id = @id");
    },
  },
};
