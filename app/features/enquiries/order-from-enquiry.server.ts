import type { Viewer } from "~/services/access.server";
import type { AppDatabase } from "~/services/database/db.server";
import { refuse } from "~/lib/forms";
import { withinAllowance } from "~/features/exchange/allowance.server";
import { carryMessages } from "~/features/exchange/messages.server";
import { inTransaction, placeRequest, type OrderOutcome, type OrderRequestFields } from "~/features/exchange/orders.server";
import { enquiryFor, NO_SUCH_ENQUIRY } from "./enquiries.server";
import { markOrdered, messagesToCarry } from "./store/enquiries.server";

/**
 * The asker turns their thread into an order: the request is placed as from the listing's page
 * (same rules, same allowance, the owner told), and the thread's messages are copied into the
 * order's, as they were said, in the same transaction, so the order page reads the whole talk
 * and the thread stays as it was, naming the order. Copied rather than linked: the order's
 * thread stays one list of its own, read, exported and erased as before.
 */
export async function orderFromEnquiry(
  viewer: Viewer,
  enquiryId: number,
  request: Omit<OrderRequestFields, "listing_id">,
  db?: AppDatabase,
): Promise<OrderOutcome> {
  return withinAllowance("request", viewer.id, () =>
    inTransaction(db, async (tx) => {
      const enquiry = await enquiryFor(viewer, enquiryId, tx);
      if (!enquiry) return refuse("not-found", NO_SUCH_ENQUIRY);
      if (enquiry.askerId !== viewer.id) return refuse("forbidden", "Only the member who asked can turn this into an order.");
      if (enquiry.orderId !== null) return refuse("conflict", "This conversation is already an order.");
      if (enquiry.listingId === null) return refuse("not-found", "This listing does not exist or takes no requests.");
      const outcome = await placeRequest(tx, viewer, { ...request, listing_id: enquiry.listingId });
      if (!outcome.ok) return outcome;
      await carryMessages(tx, outcome.order.id, await messagesToCarry(tx, enquiry.id));
      await markOrdered(tx, enquiry.id, outcome.order.id);
      return outcome;
    }),
  );
}
