import type { FeatureManifest } from "~/services/features.server";
import { exportedTransferNotes } from "./store/member-data.server";

/**
 * The law keeps a transfer note two years after the transfer whatever happens to the accounts:
 * a member's deletion leaves their notes to the other party and to the record, naming them as
 * they were at the transfer, and the hourly sweep removes each once its retain_until has passed.
 */
const KEPT_AS_THE_LAW_ASKS =
  "a duty-of-care record kept until its retain_until, two years after the transfer, naming the parties as they were then";

/** A count the register's kept totals are checked against: nothing the member wrote or did, only how often their notes changed. */
const REGISTER_CHANGES = "a count of changes to the member's register of notes, kept with the notes it counts";

/** Transfer notes: in both parties' exports; kept through a deletion until their retention ends. */
export const transferNotesManifest: FeatureManifest = {
  name: "transfer-notes",
  // Both parties hear of each note issued for them, and of a correction the other party made.
  notificationTypes: ["transfer_note_issued"],
  exports: {
    handles: ["transfer_notes.transferor_id", "transfer_notes.transferee_id"],
    leaves: { "transfer_note_registers.member_id": REGISTER_CHANGES },
    sections: async (id) => ({ transfer_notes: await exportedTransferNotes(id) }),
  },
  erases: {
    handles: [],
    leaves: {
      "transfer_notes.transferor_id": KEPT_AS_THE_LAW_ASKS,
      "transfer_notes.transferee_id": KEPT_AS_THE_LAW_ASKS,
      "transfer_note_registers.member_id": REGISTER_CHANGES,
    },
    erase: async () => {},
  },
};
