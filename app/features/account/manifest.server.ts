import type { FeatureManifest } from "~/services/features.server";
import { accountMailJob } from "./account-mails.server";
import { eraseAccountRows, exportedEmailChanges, exportedProfile } from "./store/member-data.server";

/** The account itself: the profile, a pending change of e-mail address, a download under way. */
export const accountManifest: FeatureManifest = {
  name: "account",
  jobKinds: [accountMailJob],
  exports: {
    handles: ["email_changes.user_id"],
    leaves: { "export_leases.member_id": "the lease of a download under way: it says nothing about the member" },
    sections: async (id) => ({
      profile: await exportedProfile(id),
      pending_email_change: await exportedEmailChanges(id),
    }),
  },
  erases: {
    handles: ["email_changes.user_id", "export_leases.member_id"],
    erase: async (tx, id) => eraseAccountRows(tx, id),
  },
};
