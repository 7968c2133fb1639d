import type { FeatureManifest } from "~/services/features.server";
import { badgeEnabledAt, eraseMemberBadge } from "./store/badges.server";

/** Badges: whether a member's is on, in their export; gone with their account. */
export const badgesManifest: FeatureManifest = {
  name: "badges",
  jobKinds: [],
  notificationTypes: [],
  exports: {
    handles: ["member_badges.member_id"],
    sections: async (id) => {
      const enabledAt = await badgeEnabledAt(id);
      return { badge: { enabled: enabledAt !== null, enabled_at: enabledAt?.toISOString() ?? null } };
    },
  },
  erases: {
    handles: ["member_badges.member_id"],
    erase: async (tx, id) => {
      await eraseMemberBadge(tx, id);
    },
  },
};
