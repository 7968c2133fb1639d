import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts } from "../../../../db/schema";
import { andSql, conditionsKey, listedPostConditions, whereSql, type Viewer } from "~/services/access.server";
import { isPostgres, statement, sqlText } from "~/services/database/db.server";
import { cachedList, cachedListSettled } from "../cache.server";
import { typoTolerantFtsQuery } from "~/services/search/spelling.server";
import { matchesSearch, searchRank, searchVectorMatches } from "~/services/search/full-text.server";
import { resolvePlace } from "~/services/places/gazetteer.server";
import { withinRadiusSql } from "~/services/places/distance-sql.server";
import { keptRecentlyUsed } from "~/lib/recently-used";
import {
  forYouScore,
  popularScore,
  rankBy,
  trendingScore,
  type RankCandidate,
  type Ranked,
  type RankViewer,
  RANK_POOL_SIZE,
} from "../feed-ranking.server";
import { followedAuthorIds } from "./members.server";
import { loadPosts } from "./post-reads.server";
import { getPreferences } from "./preferences.server";
import type { FeedQuery } from "../schemas";
import { LOCAL_RADIUS_KM, type FeedKind, type TimeRange } from "../vocabulary";
import type { FeedPage } from "../wire";

/**
 * Listing posts: the four feeds, the category feed and search. Each list is post ids with the
 * score that placed them; post-reads.server turns a page of them into posts.
 *
 * Reads go straight to better-sqlite3 through cached prepared statements: feeds are the hottest
 * path of the app and each query here is written against a named index (db/schema/), so no
 * feed ever scans the posts table or sorts it in a temporary tree.
 *
 * Ranked lists (For You, Trending, popular, search) score a bounded candidate pool in JavaScript:
 * the newest RANK_POOL_SIZE posts that pass the filters (plus featured posts for For You). Page
 * 50 costs what page 1 costs, and pagination ends with the pool.
 */

const MINUTE_MS = 60_000;

/** Upcoming local events listed ahead of the rest of Local. */
const MAX_UPCOMING_EVENTS = 200;
const FEATURED_POOL_SIZE = 20;

const TIME_RANGE_MS: Record<TimeRange, number | null> = {
  all: null,
  today: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
};

type Filters = {
  category?: string;
  postType?: string;
  since?: number;
};

/** `posts` as the feeds' queries name it. */
const p = alias(posts, "p");
/** The posts' search vector on PostgreSQL (where FTS5's posts_fts is not). */
const P_SEARCH_VECTOR = sql.raw("p.search_vector");

/**
 * Which posts a list draws from: SQL conditions on `posts p`, and optionally an FTS5 query
 * (from toFtsQuery) they must match.
 */
type Selection = { conditions: SQL[]; match?: string };

/**
 * What every list of the viewer keeps to: the posts listed for every member (no hidden ones, none
 * of a member the viewer blocked), narrowed by the filters. No viewer id in them, so members who
 * blocked nobody share one kept list.
 */
async function filterConditions(viewer: Viewer, filters: Filters): Promise<SQL[]> {
  const conditions = [...(await listedPostConditions(viewer, p))];
  if (filters.category) conditions.push(sql`${p.category} = ${filters.category}`);
  if (filters.postType) conditions.push(sql`${p.postType} = ${filters.postType}`);
  if (filters.since !== undefined) conditions.push(sql`${p.createdAt} >= ${filters.since}`);
  return conditions;
}

/** The selection's conditions with the search as one more (for lists not driven by the search). */
function allConditions({ conditions, match }: Selection): SQL[] {
  return match ? [...conditions, matchesSearch("posts_fts", sql`${p.id}`, P_SEARCH_VECTOR, match)] : conditions;
}

const CANDIDATE_COLUMNS = sql.raw(`p.id, p.author_id AS authorId, p.category, p.post_type AS postType,
  p.is_featured AS isFeatured, p.created_at AS createdAt, p.likes_count AS likes,
  p.comments_count AS comments, p.shares_count AS shares, p.views_count AS views`);

type CandidateRow = [number, number, string, string, number, number, number, number, number, number];
// Rows come as arrays (raw mode): about half the cost of one object per row, at 1,000 rows a pool.
const toCandidate = (row: CandidateRow): RankCandidate => ({
  id: row[0],
  authorId: row[1],
  category: row[2],
  postType: row[3],
  isFeatured: row[4] === 1,
  createdAt: row[5],
  likes: row[6],
  comments: row[7],
  shares: row[8],
  views: row[9],
});

async function candidatesOf(query: SQL) {
  const { sql: text, params } = sqlText(query);
  return ((await statement(text).values(...params)) as CandidateRow[]).map(toCandidate);
}

/**
 * The newest posts of a selection, at most `limit`, skipping `offset`. Without a search this walks
 * an index ending in (created_at, id); with one, the search index drives (CROSS JOIN keeps that
 * order) and newest means highest id, which posts receive in the order they are written.
 */
function newestCandidates({ conditions, match }: Selection, limit: number, offset = 0): Promise<RankCandidate[]> {
  if (match && isPostgres()) {
    return candidatesOf(sql`SELECT ${CANDIDATE_COLUMNS} FROM posts p
      WHERE ${searchVectorMatches(P_SEARCH_VECTOR, match)}${andSql(conditions)} ORDER BY p.id DESC LIMIT ${limit} OFFSET ${offset}`);
  }
  if (match) {
    return candidatesOf(sql`SELECT ${CANDIDATE_COLUMNS} FROM posts_fts f CROSS JOIN posts p ON p.id = f.rowid
      WHERE posts_fts MATCH ${match}${andSql(conditions)} ORDER BY f.rowid DESC LIMIT ${limit} OFFSET ${offset}`);
  }
  return candidatesOf(sql`SELECT ${CANDIDATE_COLUMNS} FROM posts p ${whereSql(conditions)}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`);
}

/** A page of an ordered list, plus whether anything follows it. */
function pageOf(ranked: Ranked[], page: number, limit: number) {
  const start = (page - 1) * limit;
  return {
    slice: ranked.slice(start, start + limit),
    hasMore: ranked.length > start + limit,
  };
}

/** Newest first: time-ordered lists need no pool and no page limit. */
async function newestPage(selection: Selection, page: number, limit: number) {
  const rows = await newestCandidates(selection, limit + 1, (page - 1) * limit);
  return {
    slice: rows.slice(0, limit).map((row) => ({ id: row.id, score: row.createdAt })),
    hasMore: rows.length > limit,
  };
}

async function rankingViewer(viewerId: number): Promise<RankViewer> {
  const preferences = await getPreferences(viewerId);
  return {
    categories: new Set(preferences.categories),
    postTypes: new Set(preferences.post_types),
    followedAuthors: new Set(await followedAuthorIds(viewerId)),
  };
}

async function forYouPool(selection: Selection) {
  const pool = await newestCandidates(selection, RANK_POOL_SIZE);
  // Featured posts stay candidates however old they are.
  const conditions = allConditions(selection);
  const featured = await candidatesOf(sql`SELECT ${CANDIDATE_COLUMNS} FROM posts p WHERE p.is_featured = 1${andSql(conditions)}
    ORDER BY p.created_at DESC LIMIT ${sql.raw(String(FEATURED_POOL_SIZE))}`);
  const seen = new Set(pool.map((post) => post.id));
  for (const post of featured) if (!seen.has(post.id)) pool.push(post);
  return pool;
}

/**
 * Where Local looks: the `location` parameter, else the member's preferred location, else their
 * profile's; anywhere without one. A place the gazetteer knows is a point, and Local is the posts
 * within LOCAL_RADIUS_KM of it (newest first along the usual indexes, each post's distance checked
 * on the way); a location it does not know is matched by its name, as written.
 */
async function localConditions(viewerId: number, asked: string | undefined): Promise<readonly SQL[]> {
  const location =
    asked ??
    (await getPreferences(viewerId)).location ??
    (((await statement("SELECT location FROM users WHERE id = ?").value(viewerId)) as string | undefined) || null);
  if (!location) return ANY_LOCATION;
  return keptRecentlyUsed(keptLocationConditions, location, MAX_KEPT_LOCATIONS, () => {
    const place = resolvePlace(location);
    return Object.freeze(
      place
        ? withinRadiusSql(p, place, LOCAL_RADIUS_KM, { indexed: false })
        : [sql`${p.locationName} = ${location} COLLATE NOCASE`],
    );
  });
}

/**
 * A location's conditions, made once per location's text and kept: the same objects for every
 * request of it, so their text is made once too (conditionsKey). Looking the place up in the
 * gazetteer (which does not change while the server runs) and writing the distance's SQL on every
 * request, then its text, was about a seventh of the local feed's CPU. Frozen, as the visibility
 * conditions are: getFeed copies them into its own list.
 */
const keptLocationConditions = new Map<string, readonly SQL[]>();
const MAX_KEPT_LOCATIONS = 1000;
const ANY_LOCATION: readonly SQL[] = Object.freeze([sql`${p.locationName} IS NOT NULL`]);

/**
 * Only posts by authors the viewer follows. The unary + keeps SQLite from reading posts author by
 * author (which would need a sort); it walks the newest-first index and keeps followed authors.
 */
const followedCondition = (viewerId: number): SQL =>
  sql`+${p.authorId} IN (SELECT author_id FROM follows WHERE follower_id = ${viewerId})`;

/**
 * Local: upcoming local events first, soonest first (score = event time), then every other
 * matching post newest first (score = creation time).
 */
async function localPage(selection: Selection, now: number, page: number, limit: number) {
  const conditions = allConditions(selection);
  const upcomingSql = sqlText(sql`SELECT p.id, p.event_date AS eventDate FROM posts p
    WHERE p.is_local_event = 1 AND p.event_date >= ${now}${andSql(conditions)}
    ORDER BY p.event_date, p.id LIMIT ${sql.raw(String(MAX_UPCOMING_EVENTS))}`);
  const upcoming = ((await statement(upcomingSql.sql).all(...upcomingSql.params)) as { id: number; eventDate: number }[]).map(
    (row) => ({
      id: row.id,
      score: row.eventDate,
    }),
  );
  const start = (page - 1) * limit;
  const slice = upcoming.slice(start, start + limit);
  const notUpcoming = sql`NOT (${p.isLocalEvent} = 1 AND ${p.eventDate} IS NOT NULL AND ${p.eventDate} >= ${now})`;
  const wanted = limit - slice.length;
  const rest = await newestCandidates(
    { conditions: [...selection.conditions, notUpcoming], match: selection.match },
    wanted + 1,
    Math.max(0, start - upcoming.length),
  );
  for (const row of rest.slice(0, wanted)) slice.push({ id: row.id, score: row.createdAt });
  return { slice, hasMore: rest.length > wanted || upcoming.length > start + limit };
}

/** One of the four feeds (or the category feed: For You with the category fixed). */
export async function getFeed(kind: FeedKind, query: FeedQuery, viewer: Viewer, now = Date.now()): Promise<FeedPage> {
  const { page, limit } = query;
  const match = query.search ? await typoTolerantFtsQuery(query.search, "posts_fts") : null;
  // A search of nothing but punctuation matches nothing.
  if (query.search && !match) return { posts: [], pagination: { page, limit, hasMore: false } };
  const range = TIME_RANGE_MS[query.timeRange];
  const conditions = await filterConditions(viewer, {
    category: query.category,
    postType: query.postType,
    // Whole minutes, so the same list asked for again within a minute is the same query.
    since: range === null ? undefined : Math.floor(now / MINUTE_MS) * MINUTE_MS - range,
  });
  if (kind === "following") conditions.unshift(followedCondition(viewer.id));
  if (kind === "local") conditions.unshift(...(await localConditions(viewer.id, query.location)));
  const selection: Selection = { conditions, match: match ?? undefined };

  // Newest-first lists (Following, Local, "recent") are cached page by page; ranked lists whole,
  // so every page of one ranking reuses it while cache.server keeps it.
  const personal = kind === "following" || kind === "local" || (kind === "personalized" && query.sortBy === "score");
  const shape = conditionsKey(conditions);
  const key = JSON.stringify([kind, query.sortBy, personal ? viewer.id : 0, shape, match]);
  let result: { slice: Ranked[]; hasMore: boolean };
  if (query.sortBy === "recent" || (query.sortBy === "score" && kind === "following")) {
    result = (await cachedListSettled(`${key}:${page}:${limit}`, () => newestPage(selection, page, limit))).value;
  } else if (kind === "local" && query.sortBy === "score") {
    result = (await cachedListSettled(`${key}:${page}:${limit}`, () => localPage(selection, now, page, limit))).value;
  } else {
    const pools = JSON.stringify([shape, match]);
    let ranked: Ranked[];
    if (query.sortBy === "popular" || kind === "trending") {
      const pool = await cachedListSettled(`pool:${pools}`, () => newestCandidates(selection, RANK_POOL_SIZE));
      const score = query.sortBy === "popular" ? popularScore : (post: RankCandidate) => trendingScore(post, now);
      ranked = cachedList(key, () => rankBy(pool.value, score), pool.at).value;
    } else {
      const pool = cachedList(`for-you-pool:${pools}`, () => forYouPool(selection));
      ranked = (
        await cachedListSettled(
          key,
          async () => {
            const ranking = await rankingViewer(viewer.id);
            return rankBy(await pool.value, (post) => forYouScore(post, ranking, now));
          },
          pool.at,
        )
      ).value;
    }
    result = pageOf(ranked, page, limit);
  }
  return { posts: await loadPosts(result.slice, viewer), pagination: { page, limit, hasMore: result.hasMore } };
}

/**
 * The newest RANK_POOL_SIZE posts matching every word (typo-tolerant), ranked by relevance
 * (score = -bm25, with title matches weighing 10, tags 5 and content 1); null for a query of no words.
 */
async function rankedSearch(
  input: { query: string; category?: string; post_type?: string },
  viewer: Viewer,
): Promise<Ranked[] | null> {
  const match = await typoTolerantFtsQuery(input.query, "posts_fts");
  if (!match) return null;
  const conditions = await filterConditions(viewer, { category: input.category, postType: input.post_type });
  // The search index drives (CROSS JOIN fixes the order) and yields rows newest id first. Without
  // filters the index alone answers: reading each post's row too costs a third more.
  return cachedList(JSON.stringify(["search", conditionsKey(conditions), match]), async () => {
    const search = isPostgres()
      ? sqlText(sql`SELECT p.id AS id, ${searchRank(P_SEARCH_VECTOR, match)} AS score FROM posts p
      WHERE ${searchVectorMatches(P_SEARCH_VECTOR, match)}${andSql(conditions)} ORDER BY p.id DESC LIMIT ${sql.raw(String(RANK_POOL_SIZE))}`)
      : sqlText(sql`SELECT f.rowid AS id, -bm25(posts_fts, 10.0, 1.0, 5.0) AS score
      FROM posts_fts f${sql.raw(conditions.length ? " CROSS JOIN posts p ON p.id = f.rowid" : "")}
      WHERE posts_fts MATCH ${match}${andSql(conditions)} ORDER BY f.rowid DESC LIMIT ${sql.raw(String(RANK_POOL_SIZE))}`);
    return ((await statement(search.sql).all(...search.params)) as Ranked[]).sort((a, b) => b.score - a.score || b.id - a.id);
  }).value;
}

/** Search: a page of the posts rankedSearch finds. */
export async function searchPosts(
  input: { query: string; category?: string; post_type?: string; page: number; limit: number },
  viewer: Viewer,
): Promise<FeedPage> {
  const { page, limit } = input;
  const ranked = await rankedSearch(input, viewer);
  if (!ranked) return { posts: [], pagination: { page, limit, hasMore: false } };
  const result = pageOf(ranked, page, limit);
  return {
    posts: await loadPosts(result.slice, viewer),
    pagination: { page, limit, hasMore: result.hasMore },
  };
}

/** The first `limit` posts a search finds and how many it finds (at most RANK_POOL_SIZE). */
export async function searchPostsCounted(query: string, limit: number, viewer: Viewer) {
  const ranked = (await rankedSearch({ query }, viewer)) ?? [];
  return { posts: await loadPosts(pageOf(ranked, 1, limit).slice, viewer), total: ranked.length };
}
