import type { FeatureManifest } from "~/services/features.server";
import { digestJob } from "./digest.server";
import { notificationMailJob } from "./mails.server";
import { eraseNotificationRows, exportedNotificationPreferences, exportedNotifications } from "./store/member-data.server";

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
      "preferences.notifications": await exportedNotificationPreferences(id),
      notifications: await exportedNotifications(id),
    }),
  },
  erases: {
    handles: ["notification_preferences.user_id", "notifications.recipient_id", "notifications.actor_id", "digest_sends.user_id"],
    leaves: {
      "notifications.subject_id":
        "another member's notification about the member (a follow, a suspension) leads to the tombstone",
    },
    erase: async (tx, id) => eraseNotificationRows(tx, id),
  },
};
