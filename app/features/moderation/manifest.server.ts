import type { FeatureManifest } from "~/services/features.server";
import { isLastAdmin } from "./members.server";
import { moderationNoticeJob } from "./notice-mails.server";
import { LAST_ADMIN_DELETING } from "./rules";
import { eraseModerationRows, exportedBlocks, exportedReports, memberThing } from "./store/member-data.server";

/** Moderation's record stays whole: who reported what and who resolved it, the append-only audit log. */
const MODERATION_RECORD = "moderation's record, kept as it was; it names the deleted member's tombstone";

/** Blocks, reports and the audit log; members themselves can be reported. */
export const moderationManifest: FeatureManifest = {
  name: "moderation",
  jobKinds: [moderationNoticeJob],
  notificationTypes: ["report_resolved", "content_hidden", "content_restored", "account_suspended", "account_restored"],
  exports: {
    handles: ["blocks.blocker_id", "reports.reporter_id"],
    leaves: {
      "blocks.blocked_id": "who blocked the member is not theirs to know",
      "reports.target_user_id": "the reports about the member are not theirs: who reported whom is kept from the reported",
      "reports.target_id": "the same: a report about the member names them here",
      "reports.resolved_by": "the moderator's work on other members' reports, not the member's own data",
      "audit_log.admin_id": "the moderator's work, not the member's own data",
      "audit_log.target_id": "a moderator's action on the member, as the reports about them",
    },
    sections: async (id) => ({ blocks: await exportedBlocks(id), reports: await exportedReports(id) }),
  },
  erases: {
    handles: ["blocks.blocker_id", "blocks.blocked_id"],
    leaves: {
      "reports.reporter_id": MODERATION_RECORD,
      "reports.target_user_id": MODERATION_RECORD,
      "reports.target_id": MODERATION_RECORD,
      "reports.resolved_by": MODERATION_RECORD,
      "audit_log.admin_id": MODERATION_RECORD,
      "audit_log.target_id": MODERATION_RECORD,
    },
    blocker: async (id) => ((await isLastAdmin(id)) ? LAST_ADMIN_DELETING : null),
    erase: async (tx, id) => eraseModerationRows(tx, id),
  },
  moderated: [
    {
      type: "user",
      read: memberThing,
      path: (id) => `/app/admin/members/${id}`,
    },
  ],
};
