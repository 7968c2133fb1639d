import type { FeatureManifest } from "~/services/features.server";
import { heldEventPhotos } from "./store/events.server";
import { exportedEvents } from "./store/members.server";
import { eraseMemberFromEvents } from "./events.server";
import { eventRemindersJob } from "./reminders/reminders.server";

/** Events: the ones a member organises and their answers, in their export; gone with their account. */
export const eventsManifest: FeatureManifest = {
  name: "events",
  storedFiles: { handles: ["event_photos.file_name"], held: heldEventPhotos },
  jobKinds: [eventRemindersJob],
  notificationTypes: ["event_changed", "event_cancelled", "event_seat_freed", "event_reminder", "event_results"],
  exports: {
    handles: ["events.organiser_id", "event_rsvps.member_id", "calendar_feeds.member_id"],
    sections: async (id) => ({ events: await exportedEvents(id) }),
  },
  erases: {
    handles: ["events.organiser_id", "event_rsvps.member_id", "calendar_feeds.member_id"],
    erase: async (tx, id) => ({ files: await eraseMemberFromEvents(tx, id) }),
  },
};
