import { prepared } from "~/services/db.server";
import { bool, memberRows, shaped, type Row } from "~/services/export-rows.server";
import type { FeatureManifest } from "~/services/features.server";
import { accountMailJob } from "./account-mails.server";

/** The account itself: the profile, a pending change of e-mail address, a download under way. */
export const accountManifest: FeatureManifest = {
  name: "account",
  jobKinds: [accountMailJob],
  exports: {
    handles: ["email_changes.user_id"],
    leaves: { "export_leases.member_id": "the lease of a download under way: it says nothing about the member" },
    sections: async (id) => {
      const profile = prepared(
        `SELECT id, username, email, user_type, author_type, is_verified, bio, phone, location, company, website, created_at
     FROM users WHERE id = ?`,
      ).get(id) as Row;
      return {
        profile: { ...shaped(profile, { times: ["created_at"] }), is_verified: bool(profile.is_verified as number) },
        pending_email_change: memberRows(
          "SELECT new_email, expires_at, created_at FROM email_changes WHERE user_id = @id",
          id,
        ).map((row) => shaped(row, { times: ["expires_at", "created_at"] })),
      };
    },
  },
  erases: {
    handles: ["email_changes.user_id", "export_leases.member_id"],
    erase: async (_tx, id) => {
      prepared("DELETE FROM email_changes WHERE user_id = @id").run({ id });
      // A download of theirs still under way holds a lease naming them (no foreign key: it expires).
      prepared("DELETE FROM export_leases WHERE member_id = @id").run({ id });
    },
  },
};
