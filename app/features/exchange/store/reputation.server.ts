import { and, count, eq, exists, inArray, or, sql, type SQL } from "drizzle-orm";
import { orderEvents, orders } from "../../../../db/schema";
import { getDb, statement, type AppDatabase } from "~/services/database/db.server";
import type { Reputation } from "../wire";

/**
 * A member's standing in the exchange, always counted from the rows themselves (reviews received,
 * orders completed and cancelled), never stored beside them, so no figure can drift from what
 * happened. Read through the indexes on reviews.subject_id and orders' buyer and seller.
 */

export type Rating = { rating: number | null; reviews_count: number };

const NO_REVIEWS: Rating = { rating: null, reviews_count: 0 };

/** The mean of the stars, to one decimal. */
const roundRating = (mean: number | string | null) => (mean === null ? null : Math.round(Number(mean) * 10) / 10);

const RATINGS_SQL = `SELECT subject_id AS subjectId, avg(rating) AS mean, count(*) AS total FROM reviews
  WHERE subject_id IN (SELECT value FROM json_each(?)) GROUP BY subject_id`;

/**
 * The ratings of several members at once (the sellers of a page of listings); a member without
 * reviews has none. Raw SQL through a statement prepared once: every page of listings asks it.
 */
export async function ratingsOf(memberIds: readonly number[]): Promise<Map<number, Rating>> {
  const ids = [...new Set(memberIds)];
  const ratings = new Map<number, Rating>(ids.map((id) => [id, NO_REVIEWS]));
  if (!ids.length) return ratings;
  const rows = await statement(RATINGS_SQL).all<{ subjectId: number; mean: number; total: number }>(JSON.stringify(ids));
  for (const row of rows) ratings.set(row.subjectId, { rating: roundRating(row.mean), reviews_count: row.total });
  return ratings;
}

export async function ratingOf(memberId: number): Promise<Rating> {
  return (await ratingsOf([memberId])).get(memberId)!;
}

/**
 * A member's rating and how many of the orders they took part in were completed and cancelled.
 * Only an agreement that fell through counts as cancelled (an order cancelled after it was
 * accepted): a request withdrawn before anyone answered it does not, or any member could add to
 * anyone's count by asking and withdrawing.
 */
export async function reputationOf(memberId: number, db: AppDatabase = getDb()): Promise<Reputation> {
  const party = or(eq(orders.buyerId, memberId), eq(orders.sellerId, memberId));
  const ordersWhere = async (...conditions: SQL[]) =>
    (await db
      .select({ total: count() })
      .from(orders)
      .where(and(party, ...conditions))
      .get())!.total;
  const wasAccepted = exists(
    db
      .select({ one: sql`1` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orders.id), inArray(orderEvents.action, ["accept", "accept_counter"]))),
  );
  return {
    ...(await ratingOf(memberId)),
    completed_orders: await ordersWhere(eq(orders.state, "completed")),
    cancelled_orders: await ordersWhere(eq(orders.state, "cancelled"), wasAccepted),
  };
}
