import { blockedEitherWay, type Viewer } from "~/services/access.server";
import type { AppDatabase, Db } from "~/services/database/db.server";
import { refuse, type FormSuccess } from "~/lib/forms";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { notify } from "~/features/notifications/notify.server";
import { withinAllowance } from "~/features/exchange/allowance.server";
import { inTransaction, listingOpenTo, type Refusal } from "~/features/exchange/orders.server";
import { queueEnquiryMail } from "./enquiry-mails.server";
import {
  enquiryById,
  enquiryView,
  insertEnquiryMessage,
  peopleOf,
  readEnquiryMessages,
  threadFor,
  threadsOf,
  type EnquiryRow,
} from "./store/enquiries.server";
import type { EnquiryMessageView, EnquiryView } from "./wire";

/**
 * Questions before an order: a member asks a listing's owner, and the two talk in one thread per
 * listing and asker, as an order's parties do in its messages. Nobody else reads or writes a
 * thread; for them it answers like a missing one. The order's rules hold: the listing must take
 * requests (not paused, closed, hidden or a sample), its owner does not ask themself, a blocked
 * pair does not talk, each message counts against the hourly message allowance, and the other
 * member is told (notification and mail, folded like an order's).
 */

export const NO_SUCH_ENQUIRY = "This conversation does not exist.";

export type EnquiryOutcome =
  FormSuccess<{ message: string; enquiry: EnquiryView; enquiry_message: EnquiryMessageView }> | Refusal;

/** Whether the member is one of the thread's two. */
export const isPartyTo = (viewer: Viewer, enquiry: Pick<EnquiryRow, "askerId" | "ownerId">) =>
  enquiry.askerId === viewer.id || enquiry.ownerId === viewer.id;

/** The viewer's thread, or null when it does not exist or is not theirs. */
export async function enquiryFor(viewer: Viewer, enquiryId: number, db?: Db): Promise<EnquiryRow | null> {
  const enquiry = await enquiryById(db, enquiryId);
  return enquiry && isPartyTo(viewer, enquiry) ? enquiry : null;
}

/** The viewer asks about a listing: a new thread, or the one they already have, takes the message. */
export async function askAboutListing(
  viewer: Viewer,
  listingId: number,
  body: string,
  db?: AppDatabase,
): Promise<EnquiryOutcome> {
  return withinAllowance("message", viewer.id, () =>
    inTransaction(db, async (tx): Promise<EnquiryOutcome> => {
      const open = await listingOpenTo(tx, viewer, listingId, "ask");
      if (!open.ok) return open;
      const { listing } = open;
      const enquiry = await threadFor(tx, {
        listingId: listing.id,
        listingTitle: listing.title,
        askerId: viewer.id,
        ownerId: listing.sellerId,
      });
      return write(tx, viewer, enquiry, body, "Your question was sent; you will hear when it is answered.");
    }),
  );
}

/** The viewer writes in one of their threads. */
export async function postEnquiryMessage(
  viewer: Viewer,
  enquiryId: number,
  body: string,
  db?: AppDatabase,
): Promise<EnquiryOutcome> {
  return withinAllowance("message", viewer.id, () =>
    inTransaction(db, async (tx): Promise<EnquiryOutcome> => {
      const enquiry = await enquiryFor(viewer, enquiryId, tx);
      if (!enquiry) return refuse("not-found", NO_SUCH_ENQUIRY);
      return write(tx, viewer, enquiry, body, "Message sent.");
    }),
  );
}

async function write(tx: Db, viewer: Viewer, enquiry: EnquiryRow, body: string, said: string): Promise<EnquiryOutcome> {
  const other = enquiry.askerId === viewer.id ? enquiry.ownerId : enquiry.askerId;
  if (await blockedEitherWay(viewer.id, other)) return refuse("forbidden", BLOCK_MESSAGES.cannotMessage);
  const id = await insertEnquiryMessage(tx, { enquiryId: enquiry.id, authorId: viewer.id, body });
  await tellOther(tx, enquiry, viewer.id, other, body);
  const fresh = (await enquiryById(tx, enquiry.id))!;
  return {
    ok: true,
    message: said,
    enquiry: await enquiryView(fresh, tx),
    enquiry_message: (await readEnquiryMessages(enquiry.id, id, tx))[0],
  };
}

/** The other member hears of the message: a notification, and a mail if they want one at once. */
async function tellOther(tx: Db, enquiry: EnquiryRow, actorId: number, recipientId: number, body: string) {
  const people = await peopleOf(tx, [actorId, recipientId]);
  const actor = people.find((person) => person.id === actorId);
  const recipient = people.find((person) => person.id === recipientId);
  if (!actor || !recipient) return;
  await notify(
    tx,
    {
      recipientId,
      type: "enquiry_message",
      actorId,
      subjectType: "enquiry",
      subjectId: enquiry.id,
      excerpt: enquiry.listingTitle,
    },
    {
      instantMail: (_recipient, unsubscribe) =>
        queueEnquiryMail(tx, {
          to: recipient.email,
          name: recipient.username,
          actor: actor.username,
          enquiryId: enquiry.id,
          title: enquiry.listingTitle,
          text: body,
          unsubscribe,
        }),
    },
  );
}

/** The viewer's threads about a listing (its owner sees one per member who asked), or all of theirs. */
export async function listEnquiries(viewer: Viewer, listingId?: number): Promise<EnquiryView[]> {
  return threadsOf(viewer.id, listingId);
}

/** A thread's messages, oldest first; null when it is not the viewer's. */
export async function listEnquiryMessages(viewer: Viewer, enquiryId: number): Promise<EnquiryMessageView[] | null> {
  const enquiry = await enquiryFor(viewer, enquiryId);
  return enquiry ? readEnquiryMessages(enquiryId) : null;
}
