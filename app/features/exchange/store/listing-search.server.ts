import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { listings } from "../../../../db/schema";
import { andSql, conditionsKey, listedListingConditions, publicListingConditions, type Viewer } from "~/services/access.server";
import { statement, sqlText } from "~/services/database/db.server";
import { typoTolerantFtsQuery } from "~/services/search/spelling.server";
import { matchesSearch } from "~/services/search/full-text.server";
import { distanceSql, withinRadiusSql } from "~/services/places/distance-sql.server";
import { keptSearch } from "../cache.server";
import type { SearchDistance } from "../listing-distance.server";
import type { ListingSearch } from "../schemas";
import type { ListingCardView } from "../wire";
import { cardsOf } from "./listings.server";

/**
 * The marketplace search over listings, and whether a saved search finds one listing: the same
 * conditions for both. Raw SQL through cached prepared statements, each written against an index
 * of db/schema/ (the exchange's hottest path); a search keeps its page of ids and its total for a
 * few seconds (cache.server), the listings of a page are read fresh.
 */

/** `listings` as the queries here name it. */
const l = alias(listings, "l");
const SAMPLES = sql`${l.isSample} = 1`;
/** One object for every search, so its text is made once (conditionsKey keeps it with it). */
const ACTIVE = sql`${l.status} = 'active'`;
const MEMBERS = sql`${l.isSample} = 0`;

/** `%` and `_` typed by a member are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The conditions of a search on `listings l`: what is listed for every member (nothing hidden,
 * nothing of a member the viewer blocked; no viewer id, so the kept searches stay shared), active,
 * and the filters. Without a viewer (a visitor not signed in), what is public.
 */
async function searchConditions(
  viewer: Viewer | null,
  query: Omit<ListingSearch, "sort" | "page" | "limit">,
  match: string | null,
  distance: SearchDistance | null,
) {
  const conditions: SQL[] = viewer ? [...(await listedListingConditions(viewer, l)), ACTIVE] : publicListingConditions(l);
  if (query.category) conditions.push(sql`${l.category} = ${query.category}`);
  if (query.material) conditions.push(sql`${l.material} = ${query.material}`);
  if (query.kind) conditions.push(sql`${l.kind} = ${query.kind}`);
  // Through listing_waste_codes' indexes (code or chapter, then listing).
  if (query.ewc_code)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM listing_waste_codes w WHERE w.listing_id = ${l.id} AND w.code = ${query.ewc_code})`,
    );
  if (query.ewc_chapter)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM listing_waste_codes w WHERE w.listing_id = ${l.id} AND w.chapter = ${query.ewc_chapter})`,
    );
  if (query.location) conditions.push(sql`${l.location} LIKE ${likePattern(query.location)} ESCAPE '\\'`);
  if (match) conditions.push(matchesSearch("listings_fts", sql`${l.id}`, sql.raw("l.search_vector"), match));
  if (distance?.radiusKm) conditions.push(...withinRadiusSql(l, distance.origin, distance.radiusKm));
  return conditions;
}

const NEWEST = "l.created_at DESC, l.id DESC";
/** Each sort's ORDER BY; every one ends newest first, so equal prices, ratings or distances keep a stable order. */
const ORDER_BY = {
  newest: NEWEST,
  price_asc: `l.price_cents ASC, ${NEWEST}`,
  price_desc: `l.price_cents DESC, ${NEWEST}`,
  rating: `r.rating IS NULL, r.rating DESC, r.reviews DESC, ${NEWEST}`,
} as const;

type Order = keyof typeof ORDER_BY | { nearest: SearchDistance["origin"] };
/** Nearest first; listings without a place last. */
const orderSql = (order: Order) =>
  typeof order === "string"
    ? sql.raw(ORDER_BY[order])
    : sql`${l.lat} IS NULL, ${distanceSql(l, order.nearest)}, ${sql.raw(NEWEST)}`;

/** The seller's rating as the cards show it (to one decimal), for the rating sort. */
const RATING_JOIN = `LEFT JOIN (SELECT subject_id, round(avg(rating), 1) AS rating, count(*) AS reviews
  FROM reviews GROUP BY subject_id) r ON r.subject_id = l.seller_id`;

async function idsOf(conditions: SQL[], order: Order, limit: number, offset: number): Promise<number[]> {
  if (limit <= 0) return [];
  const join = order === "rating" ? RATING_JOIN : "";
  const query = sqlText(
    sql`SELECT l.id FROM listings l ${sql.raw(join)} WHERE TRUE${andSql(conditions)} ORDER BY ${orderSql(order)} LIMIT ${limit} OFFSET ${offset}`,
  );
  return (await statement(query.sql).column(...query.params)) as number[];
}

const countQuery = (conditions: SQL[]) => sqlText(sql`SELECT count(*) FROM listings l WHERE TRUE${andSql(conditions)}`);

async function countOf(conditions: SQL[]): Promise<number> {
  const query = countQuery(conditions);
  return ((await statement(query.sql).value(...query.params)) as number) ?? 0;
}

/**
 * The statement that counts a search's total (members' listings and samples together), as text
 * and values: what the query-plan test explains, so the index it reads stays the one meant.
 */
export async function searchTotalQuery(viewer: Viewer | null, query: Omit<ListingSearch, "sort" | "page" | "limit">) {
  return countQuery(await searchConditions(viewer, query, null, null));
}

/**
 * The marketplace: active listings (sold-out ones too) of members and the samples together,
 * filtered and in one of the five orders, a page at a time with the total. "Featured" reads two
 * lists along listings_status_sample_created_idx, members' listings newest first and then the
 * samples newest first, so the samples never push a member's listing down. With `null` for the
 * viewer, the public marketplace (publicListingConditions: no samples among them). With a
 * `distance` (listing-distance.server decides it), within its radius and each card with how far it
 * is; "distance" needs one.
 */
export async function searchListings(
  viewer: Viewer | null,
  query: ListingSearch,
  distance: SearchDistance | null = null,
): Promise<{ listings: ListingCardView[]; total: number; page: number; limit: number; hasMore: boolean }> {
  const { page, limit, sort } = query;
  const empty = { listings: [], total: 0, page, limit, hasMore: false };
  const match = query.search ? await typoTolerantFtsQuery(query.search, "listings_fts") : null;
  // A search of nothing but punctuation matches nothing.
  if (query.search && !match) return empty;
  const conditions = await searchConditions(viewer, query, match, distance);
  const key = conditionsKey(conditions);
  const offset = (page - 1) * limit;
  // Without an origin (the callers refuse "distance" without one) the nearest are the newest.
  const order: Order | "featured" = sort !== "distance" ? sort : distance ? { nearest: distance.origin } : "newest";
  const sortKey = typeof order === "string" ? sort : `${sort}@${order.nearest.lat},${order.nearest.lng}`;

  const { ids, total } = await keptSearch(`${key}:${sortKey}:${offset}:${limit}`, async () => {
    const total = await keptSearch(`${key}:total`, () => countOf(conditions));
    if (order !== "featured") return { ids: await idsOf(conditions, order, limit, offset), total };
    const members = await keptSearch(`${key}:members`, () => countOf([...conditions, MEMBERS]));
    const first = offset < members ? await idsOf([...conditions, MEMBERS], "newest", limit, offset) : [];
    const rest = await idsOf([...conditions, SAMPLES], "newest", limit - first.length, Math.max(0, offset - members));
    return { ids: [...first, ...rest], total };
  });
  return { listings: await cardsOf(ids, distance), total, page, limit, hasMore: offset + ids.length < total };
}

/**
 * Whether the marketplace search `query` finds listing `listingId` for `viewer`: the search's own
 * conditions (what the viewer may see, blocks either way, no samples' owner, active) with the
 * listing's id, so a saved search matches exactly what searching would list.
 */
export async function listingMatchesSearch(
  viewer: Viewer,
  query: Omit<ListingSearch, "sort" | "page" | "limit">,
  distance: SearchDistance | null,
  listingId: number,
): Promise<boolean> {
  const match = query.search ? await typoTolerantFtsQuery(query.search, "listings_fts") : null;
  if (query.search && !match) return false;
  const conditions = await searchConditions(viewer, query, match, distance);
  return (await countOf([...conditions, MEMBERS, sql`${l.id} = ${listingId}`])) > 0;
}
