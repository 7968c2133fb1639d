import { aliasedTable, and, count, desc, eq } from "drizzle-orm";
import { listings, orders, reviews, users } from "../../../db/schema";
import { canSeeOrder, type Viewer } from "~/services/access.server";
import { getDb, type AppDatabase } from "~/services/db.server";
import type { FormSuccess } from "~/lib/forms";
import { notify } from "~/features/notifications/notify.server";
import type { Refusal } from "./orders.server";
import type { ReviewValues } from "./schemas";
import type { ReviewView } from "./wire";
import { refuse } from "~/lib/forms";

/**
 * Reviews: once an order is completed each party may review the other once (1 to 5 stars and
 * text). The unique index on (order, author) is what keeps it to one, so two reviews sent at the
 * same moment store one and refuse the other. A member's rating is read from these rows
 * (reputation.server.ts).
 */

export type ReviewOutcome = FormSuccess<{ message: string; review: ReviewView }> | Refusal;

const authors = aliasedTable(users, "author");
const subjects = aliasedTable(users, "subject");

function reviewQuery(db: AppDatabase) {
  return db
    .select({
      review: reviews,
      author: { id: authors.id, username: authors.username },
      subject: { id: subjects.id, username: subjects.username },
    })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>["all"]>>[number];

const toView = ({ review, author, subject }: ReviewRow): ReviewView => ({
  id: review.id,
  order_id: review.orderId,
  rating: review.rating,
  text: review.text,
  author,
  subject,
  created_at: review.createdAt.toISOString(),
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
  (error instanceof Error && /UNIQUE constraint failed/.test(error.message));

/**
 * The viewer reviews the other party of a completed order. Refused: an order that does not exist
 * or is not theirs (alike), one that is not completed yet, and a second review of the same order.
 */
export function leaveReview(viewer: Viewer, orderId: number, values: ReviewValues, db: AppDatabase = getDb()): ReviewOutcome {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order || !canSeeOrder(viewer, order)) return refuse("not-found", "This order does not exist.");
  if (order.state !== "completed") {
    return refuse("conflict", "You can review the other party once the order is completed.");
  }
  const subjectId = order.buyerId === viewer.id ? order.sellerId : order.buyerId;
  let id: number;
  try {
    id = db.transaction((tx) => {
      const [{ id }] = tx
        .insert(reviews)
        .values({ orderId, authorId: viewer.id, subjectId, rating: values.rating, text: values.text })
        .returning({ id: reviews.id })
        .all();
      const listing = tx.select({ title: listings.title }).from(listings).where(eq(listings.id, order.listingId)).get();
      notify(tx, {
        recipientId: subjectId,
        type: "review",
        actorId: viewer.id,
        subjectType: "order",
        subjectId: orderId,
        excerpt: listing?.title ?? "",
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("conflict", "You have already reviewed this order.");
    throw error;
  }
  const review = toView(reviewQuery(db).where(eq(reviews.id, id)).get()!);
  return { ok: true, message: "Thank you: your review is published.", review };
}

/** The reviews of one order, as its parties see them on the order page. */
export function reviewsOfOrder(viewer: Viewer, orderId: number, db: AppDatabase = getDb()): ReviewView[] {
  const order = db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order || !canSeeOrder(viewer, order)) return [];
  return reviewQuery(db).where(eq(reviews.orderId, orderId)).orderBy(reviews.id).all().map(toView);
}

/** The reviews a member received, newest first, a page at a time, with how many there are. */
export function reviewsOf(
  memberId: number,
  options: { page: number; limit: number },
  db: AppDatabase = getDb(),
): { reviews: ReviewView[]; total: number } {
  const total = db.select({ total: count() }).from(reviews).where(eq(reviews.subjectId, memberId)).get()!.total;
  const rows = reviewQuery(db)
    .where(and(eq(reviews.subjectId, memberId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit)
    .offset((Math.max(1, options.page) - 1) * options.limit)
    .all();
  return { reviews: rows.map(toView), total };
}
