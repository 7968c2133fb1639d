import { and, avg, count, eq, exists, inArray, or, sql, type SQL } from "drizzle-orm";
import { orderEvents, orders, reviews } from "../../../db/schema";
import { getDb, type AppDatabase } from "~/services/db.server";
import type { Reputation } from "./wire";

/**
 * A member's standing in the exchange, always counted from the rows themselves (reviews received,
 * orders completed and cancelled), never stored beside them, so no figure can drift from what
 * happened. Read through the indexes on reviews.subject_id and orders' buyer and seller.
 */

export type Rating = { rating: number | null; reviews_count: number };

const NO_REVIEWS: Rating = { rating: null, reviews_count: 0 };

/** The mean of the stars, to one decimal. */
const roundRating = (mean: number | string | null) => (mean === null ? null : Math.round(Number(mean) * 10) / 10);

/** The ratings of several members at once (the sellers of a page of listings); a member without reviews has none. */
export function ratingsOf(memberIds: readonly number[], db: AppDatabase = getDb()): Map<number, Rating> {
  const ids = [...new Set(memberIds)];
  const ratings = new Map<number, Rating>(ids.map((id) => [id, NO_REVIEWS]));
  if (!ids.length) return ratings;
  const rows = db
    .select({ subjectId: reviews.subjectId, mean: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(inArray(reviews.subjectId, ids))
    .groupBy(reviews.subjectId)
    .all();
  for (const row of rows) ratings.set(row.subjectId, { rating: roundRating(row.mean), reviews_count: row.total });
  return ratings;
}

export function ratingOf(memberId: number, db: AppDatabase = getDb()): Rating {
  return ratingsOf([memberId], db).get(memberId)!;
}

/**
 * A member's rating and how many of the orders they took part in were completed and cancelled.
 * Only an agreement that fell through counts as cancelled (an order cancelled after it was
 * accepted): a request withdrawn before anyone answered it does not, or any member could add to
 * anyone's count by asking and withdrawing.
 */
export function reputationOf(memberId: number, db: AppDatabase = getDb()): Reputation {
  const party = or(eq(orders.buyerId, memberId), eq(orders.sellerId, memberId));
  const ordersWhere = (...conditions: SQL[]) =>
    db
      .select({ total: count() })
      .from(orders)
      .where(and(party, ...conditions))
      .get()!.total;
  const wasAccepted = exists(
    db
      .select({ one: sql`1` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orders.id), eq(orderEvents.action, "accept"))),
  );
  return {
    ...ratingOf(memberId, db),
    completed_orders: ordersWhere(eq(orders.state, "completed")),
    cancelled_orders: ordersWhere(eq(orders.state, "cancelled"), wasAccepted),
  };
}
