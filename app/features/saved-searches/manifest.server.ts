import type { FeatureManifest } from "~/services/features.server";
import { savedSearchMatchJob } from "./saved-searches.server";
import { eraseSavedSearches, exportedSavedSearches } from "./store/saved-searches.server";

/** Saved searches: in the member's export, gone with their account. */
export const savedSearchesManifest: FeatureManifest = {
  name: "saved-searches",
  jobKinds: [savedSearchMatchJob],
  notificationTypes: ["saved_search_match"],
  exports: {
    handles: ["saved_searches.member_id"],
    sections: async (id) => ({ saved_searches: await exportedSavedSearches(id) }),
  },
  erases: {
    handles: ["saved_searches.member_id"],
    erase: async (tx, id) => {
      await eraseSavedSearches(tx, id);
    },
  },
};
