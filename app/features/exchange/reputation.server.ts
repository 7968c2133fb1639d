import { and, avg, count, eq, inArray, or } from "drizzle-orm";
import { orders, reviews } from "../../../db/schema";
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

/** A member's rating and how many of the orders they took part in were completed and cancelled. */
export function reputationOf(memberId: number, db: AppDatabase = getDb()): Reputation {
  const party = or(eq(orders.buyerId, memberId), eq(orders.sellerId, memberId));
  const ended = (state: "completed" | "cancelled") =>
    db
      .select({ total: count() })
      .from(orders)
      .where(and(party, eq(orders.state, state)))
      .get()!.total;
  return { ...ratingOf(memberId, db), completed_orders: ended("completed"), cancelled_orders: ended("cancelled") };
}
