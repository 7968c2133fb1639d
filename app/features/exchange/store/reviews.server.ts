import { aliasedTable, and, count, desc, eq } from "drizzle-orm";
import { listings, reviews, users } from "../../../../db/schema";
import { getDb, type AppDatabase, type Db } from "~/services/database/db.server";
import type { ReviewValues } from "../schemas";
import type { ReviewView } from "../wire";

/**
 * Reviews' store. The unique index on (order, author) is what keeps a review to one per party
 * and order, so two reviews sent at the same moment store one and refuse the other (the rules
 * are in ../reviews.server.ts).
 */

const authors = aliasedTable(users, "author");
const subjects = aliasedTable(users, "subject");

function reviewQuery(db: Db) {
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

/** Writes a review; answers its id and the title of the order's listing. Throws on the unique index when the author reviewed the order already. */
export async function insertReview(
  db: Db,
  review: { orderId: number; listingId: number; authorId: number; subjectId: number } & ReviewValues,
): Promise<{ id: number; title: string }> {
  const [{ id }] = await db
    .insert(reviews)
    .values({
      orderId: review.orderId,
      authorId: review.authorId,
      subjectId: review.subjectId,
      rating: review.rating,
      text: review.text,
    })
    .returning({ id: reviews.id })
    .all();
  const listing = await db.select({ title: listings.title }).from(listings).where(eq(listings.id, review.listingId)).get();
  return { id, title: listing?.title ?? "" };
}

export async function reviewById(id: number, db: AppDatabase = getDb()): Promise<ReviewView> {
  return toView((await reviewQuery(db).where(eq(reviews.id, id)).get())!);
}

/** The reviews of one order, oldest first. */
export async function reviewsOfOrderRows(orderId: number, db: AppDatabase = getDb()): Promise<ReviewView[]> {
  return (await reviewQuery(db).where(eq(reviews.orderId, orderId)).orderBy(reviews.id).all()).map(toView);
}

/** The reviews a member received, newest first, a page at a time, with how many there are. */
export async function reviewsOf(
  memberId: number,
  options: { page: number; limit: number },
  db: AppDatabase = getDb(),
): Promise<{ reviews: ReviewView[]; total: number }> {
  const total = (await db.select({ total: count() }).from(reviews).where(eq(reviews.subjectId, memberId)).get())!.total;
  const rows = await reviewQuery(db)
    .where(and(eq(reviews.subjectId, memberId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit)
    .offset((Math.max(1, options.page) - 1) * options.limit)
    .all();
  return { reviews: rows.map(toView), total };
}
