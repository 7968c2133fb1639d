import { canSeeOrder, type Viewer } from "~/services/access.server";
import { transaction, type AppDatabase, isUniqueViolation } from "~/services/database/db.server";
import type { FormSuccess } from "~/lib/forms";
import { notify } from "~/features/notifications/notify.server";
import type { Refusal } from "./orders.server";
import type { ReviewValues } from "./schemas";
import { orderParties } from "./store/orders.server";
import { insertReview, reviewById, reviewsOfOrderRows } from "./store/reviews.server";
import type { ReviewView } from "./wire";
import { refuse } from "~/lib/forms";

/**
 * Reviews: once an order is completed each party may review the other once (1 to 5 stars and
 * text). The unique index on (order, author) is what keeps it to one, so two reviews sent at the
 * same moment store one and refuse the other. A member's rating is read from these rows
 * (store/reputation.server.ts).
 */

export type ReviewOutcome = FormSuccess<{ message: string; review: ReviewView }> | Refusal;

/**
 * The viewer reviews the other party of a completed order. Refused: an order that does not exist
 * or is not theirs (alike), one that is not completed yet, and a second review of the same order.
 */
export async function leaveReview(
  viewer: Viewer,
  orderId: number,
  values: ReviewValues,
  db?: AppDatabase,
): Promise<ReviewOutcome> {
  const order = await orderParties(db, orderId);
  if (!order || !canSeeOrder(viewer, order)) return refuse("not-found", "This order does not exist.");
  if (order.state !== "completed") {
    return refuse("conflict", "You can review the other party once the order is completed.");
  }
  const subjectId = order.buyerId === viewer.id ? order.sellerId : order.buyerId;
  let id: number;
  try {
    id = await transaction(async (tx) => {
      const review = { orderId, listingId: order.listingId, authorId: viewer.id, subjectId, ...values };
      const { id, title } = await insertReview(tx, review);
      await notify(tx, {
        recipientId: subjectId,
        type: "review",
        actorId: viewer.id,
        subjectType: "order",
        subjectId: orderId,
        excerpt: title,
      });
      return id;
    }, db);
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("conflict", "You have already reviewed this order.");
    throw error;
  }
  return { ok: true, message: "Thank you: your review is published.", review: await reviewById(id, db) };
}

/** The reviews of one order, as its parties see them on the order page. */
export async function reviewsOfOrder(viewer: Viewer, orderId: number, db?: AppDatabase): Promise<ReviewView[]> {
  const order = await orderParties(db, orderId);
  if (!order || !canSeeOrder(viewer, order)) return [];
  return reviewsOfOrderRows(orderId, db);
}
