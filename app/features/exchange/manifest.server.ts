import type { Db } from "~/services/database/db.server";
import type { FeatureManifest } from "~/services/features.server";
import { exchangeChanged } from "./cache.server";
import { listingVisibilityChanged, setListingHidden } from "./store/hiding.server";
import { orderMailJob } from "./order-mails.server";
import { blockingOrderMessage, DELETED_ACCOUNT_REASON, ownerOf } from "./order-states";
import {
  endWaitingOrder,
  eraseExchangeRows,
  exportedCart,
  exportedListings,
  exportedOrders,
  exportedReviews,
  firstAcceptedOrderOf,
  heldListingPhotos,
  listingThing,
  waitingOrdersOf,
} from "./store/member-data.server";
import { tellOtherParty } from "./store/orders.server";

/**
 * Each request still waiting for an answer ends as the member's own move would end it: the
 * listing's owner declines, the requester withdraws (cancel); the other party is told by mail.
 * A request reserved nothing, so no stock moves.
 */
async function closeWaitingOrders(tx: Db, userId: number, now: number) {
  for (const order of await waitingOrdersOf(userId)) {
    const party = order.buyerId === userId ? "buyer" : "seller";
    const action = ownerOf(order.kind) === party ? "decline" : "cancel";
    const state = action === "decline" ? "declined" : "cancelled";
    await endWaitingOrder(tx, { id: order.id, action, state, actorId: userId, reason: DELETED_ACCOUNT_REASON }, now);
    await tellOtherParty(tx, {
      orderId: order.id,
      actorId: userId,
      recipientId: party === "buyer" ? order.sellerId : order.buyerId,
      event: action,
      listing: { title: order.title, kind: order.kind, unit: order.unit },
      quantity: order.quantity,
      text: DELETED_ACCOUNT_REASON,
    });
  }
}

/** What stays for the other party, who keeps the order; it shows the member as "a deleted member". */
const KEPT_FOR_THE_OTHER_PARTY = "kept for the other party's order, naming the deleted member's tombstone";

/** Listings, the cart, orders with their history and messages, and reviews. */
export const exchangeManifest: FeatureManifest = {
  name: "exchange",
  storedFiles: { handles: ["listing_photos.file_name"], held: heldListingPhotos },
  jobKinds: [orderMailJob],
  notificationTypes: [
    "order_requested",
    "order_accepted",
    "order_countered",
    "order_declined",
    "order_cancelled",
    "order_completed",
    "order_message",
    "review",
  ],
  exports: {
    handles: [
      "cart_lines.user_id",
      "listings.seller_id",
      "orders.buyer_id",
      "orders.seller_id",
      "order_events.actor_id",
      "order_messages.author_id",
      "reviews.author_id",
      "reviews.subject_id",
    ],
    sections: async (id) => ({
      cart: await exportedCart(id),
      listings: await exportedListings(id),
      orders: await exportedOrders(id),
      reviews: await exportedReviews(id),
    }),
  },
  erases: {
    handles: ["cart_lines.user_id", "listings.seller_id"],
    leaves: {
      "orders.buyer_id": KEPT_FOR_THE_OTHER_PARTY,
      "orders.seller_id": KEPT_FOR_THE_OTHER_PARTY,
      "order_events.actor_id": KEPT_FOR_THE_OTHER_PARTY,
      "order_messages.author_id": KEPT_FOR_THE_OTHER_PARTY,
      "reviews.author_id": KEPT_FOR_THE_OTHER_PARTY,
      "reviews.subject_id": KEPT_FOR_THE_OTHER_PARTY,
    },
    blocker: async (id) => {
      const blocking = await firstAcceptedOrderOf(id);
      return blocking ? blockingOrderMessage(blocking) : null;
    },
    settle: async (tx, id, now) => closeWaitingOrders(tx, id, now),
    erase: async (tx, id, now) => eraseExchangeRows(tx, id, now),
    afterErase: exchangeChanged,
  },
  moderated: [
    {
      type: "listing",
      read: listingThing,
      path: (id) => `/app/marketplace/${id}`,
      setHidden: async (tx, id, hidden) => {
        const row = await setListingHidden(tx, id, hidden);
        return row ? { ...row, postId: 0 } : null;
      },
      visibilityChanged: () => listingVisibilityChanged(),
    },
  ],
};
