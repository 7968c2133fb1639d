import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { products, type ProductReview } from "../../../db/schema";
import { getDb } from "~/services/db.server";
import { PRODUCTS_PAGE_SIZE, type MarketplaceQuery } from "./marketplace";

/** The marketplace: the catalogue and its listing (the cart is the exchange's, features/exchange/cart.server.ts). */

type ProductView = {
  id: number;
  name: string;
  description: string;
  longDescription: string;
  priceCents: number;
  originalPriceCents: number;
  rating: number;
  reviewsCount: number;
  image: string;
  images: string[];
  seller: string;
  sellerRating: number;
  sellerReviews: number;
  category: string;
  sustainability: number;
  tags: string[];
  features: string[];
  reviews: ProductReview[];
  stockCount: number;
};

const toView = (row: typeof products.$inferSelect): ProductView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  longDescription: row.longDescription,
  priceCents: row.priceCents,
  originalPriceCents: row.originalPriceCents,
  rating: row.rating,
  reviewsCount: row.reviewsCount,
  image: row.images[0] ?? "",
  images: row.images,
  seller: row.seller,
  sellerRating: row.sellerRating,
  sellerReviews: row.sellerReviews,
  category: row.category,
  sustainability: row.sustainability,
  tags: row.tags,
  features: row.features,
  reviews: row.reviews,
  stockCount: row.stockCount,
});

const ORDER: Record<MarketplaceQuery["sort"], SQL[]> = {
  featured: [asc(products.featuredRank), asc(products.id)],
  price_asc: [asc(products.priceCents), asc(products.id)],
  price_desc: [desc(products.priceCents), asc(products.id)],
  rating: [desc(products.rating), desc(products.reviewsCount), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

/** `%` and `_` typed by a member are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The listing: text search over name and description, one category, one of the five orders,
 * and as many pages of 12 as asked for (Load More Products).
 */
export function listProducts(query: MarketplaceQuery) {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(sql`${products.name} LIKE ${pattern} ESCAPE '\\'`, sql`${products.description} LIKE ${pattern} ESCAPE '\\'`)!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const db = getDb();
  const [{ total }] = db.select({ total: count() }).from(products).where(where).all();
  const rows = db
    .select()
    .from(products)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.page * PRODUCTS_PAGE_SIZE)
    .all();
  return { products: rows.map(toView), total };
}

export function getProduct(id: number): ProductView | null {
  const row = getDb().select().from(products).where(eq(products.id, id)).get();
  return row ? toView(row) : null;
}
