import type { FeatureManifest } from "~/services/features.server";
import { enquiryMailJob } from "./enquiry-mails.server";
import { enquiryMessageThing, exportedEnquiries, threadOfMessageFor } from "./store/enquiries.server";

/** What stays for the other member, who keeps the thread; it names the member as "a deleted member". */
const KEPT_FOR_THE_OTHER_MEMBER = "kept for the other member's thread, naming the deleted member's tombstone";

/** Threads of questions before an order, their messages, and the report of a message. */
export const enquiriesManifest: FeatureManifest = {
  name: "enquiries",
  jobKinds: [enquiryMailJob],
  notificationTypes: ["enquiry_message"],
  exports: {
    handles: ["enquiries.asker_id", "enquiries.owner_id", "enquiry_messages.author_id"],
    sections: async (id) => ({ enquiries: await exportedEnquiries(id) }),
  },
  erases: {
    handles: [],
    leaves: {
      "enquiries.asker_id": KEPT_FOR_THE_OTHER_MEMBER,
      "enquiries.owner_id": KEPT_FOR_THE_OTHER_MEMBER,
      "enquiry_messages.author_id": KEPT_FOR_THE_OTHER_MEMBER,
    },
    erase: async () => {},
  },
  moderated: [
    {
      type: "enquiry_message",
      read: enquiryMessageThing,
      // Only the thread's two members may read (and so report) one of its messages.
      visibleTo: async (viewerId, id) => (await threadOfMessageFor(viewerId, id)) !== null,
      path: (id) => `/app/enquiries/messages/${id}`,
    },
  ],
};
