import { prepared as statement } from "~/services/db.server";
import {
  forYouScore,
  popularScore,
  rankBy,
  trendingScore,
  type RankCandidate,
  type Ranked,
  type RankViewer,
} from "./feed-ranking.server";
import type { FeedKind, FeedPost, FeedQuery, TimeRange } from "./community";

/**
 * Feed queries: the four feeds, the category feed, search, single posts and analytics.
 *
 * Reads go straight to better-sqlite3 through cached prepared statements: feeds are the hottest
 * path of the app and each query here is written against a named index (db/schema.ts), so no
 * feed ever scans the posts table or sorts it in a temporary tree.
 *
 * Ranked lists (For You, Trending, popular, search) score a bounded candidate pool in JavaScript:
 * the newest RANK_POOL_SIZE posts that pass the filters (plus featured posts for For You). Page
 * 50 costs what page 1 costs, and pagination ends with the pool.
 */

export const RANK_POOL_SIZE = 1000;
const MINUTE_MS = 60_000;

/**
 * Lists are kept for a few seconds: a member scrolling through pages, or many members opening
 * Trending, share one ranking, every member's For You ranks one shared candidate pool, and a
 * member reloading Following or Local reads no index. Any change that can move a post in or out
 * of a list or reorder it for a member (a new post, a follow, new preferences) drops them all, so
 * only counters, and the order counters give, may lag by LIST_TTL_MS. Cached are post ids,
 * counters and scores; the posts themselves are read fresh.
 */
const LIST_TTL_MS = 5_000;
const MAX_CACHED_LISTS = 200;
type Kept<T> = { at: number; value: T };
const cachedLists = new Map<string, Kept<unknown>>();

/**
 * The list under `key`, computed when missing or older than LIST_TTL_MS. A list computed from
 * another kept one passes that one's time as `basedOn`: it then expires with it, and is computed
 * again once its source has been.
 */
function cachedList<T>(key: string, compute: () => T, basedOn?: number): Kept<T> {
  const now = Date.now();
  const hit = cachedLists.get(key) as Kept<T> | undefined;
  if (hit && now - hit.at < LIST_TTL_MS && (basedOn === undefined || hit.at === basedOn)) return hit;
  const kept = { at: basedOn ?? now, value: compute() };
  cachedLists.delete(key);
  cachedLists.set(key, kept);
  // Oldest first in a Map: drop from the front to stay bounded.
  while (cachedLists.size > MAX_CACHED_LISTS) cachedLists.delete(cachedLists.keys().next().value!);
  return kept;
}

/** A new post, follow or preference can change any list: compute them all afresh. */
export function forgetCachedLists() {
  cachedLists.clear();
}
/** Upcoming local events listed ahead of the rest of Local. */
const MAX_UPCOMING_EVENTS = 200;
const FEATURED_POOL_SIZE = 20;

export type { FeedPost } from "./community";

export type FeedPage = {
  posts: FeedPost[];
  pagination: { page: number; limit: number; hasMore: boolean };
};

const TIME_RANGE_MS: Record<TimeRange, number | null> = {
  all: null,
  today: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
};

/**
 * Free text as an FTS5 query: words (letters and digits) only, each as a quoted prefix term,
 * all required. Operators, quotes and column filters typed by a member are never FTS syntax.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}

type Filters = {
  category?: string;
  postType?: string;
  since?: number;
};

type Condition = { sql: string; params: unknown[] };

/**
 * Which posts a list draws from: SQL conditions on `posts p`, and optionally an FTS5 query
 * (from toFtsQuery) they must match.
 */
type Selection = { conditions: Condition[]; match?: string };

function filterConditions(filters: Filters): Condition[] {
  const conditions: Condition[] = [];
  if (filters.category) conditions.push({ sql: "p.category = ?", params: [filters.category] });
  if (filters.postType) conditions.push({ sql: "p.post_type = ?", params: [filters.postType] });
  if (filters.since !== undefined) conditions.push({ sql: "p.created_at >= ?", params: [filters.since] });
  return conditions;
}

/** The selection's conditions with the search as one more (for lists not driven by the search). */
function allConditions({ conditions, match }: Selection): Condition[] {
  return match
    ? [...conditions, { sql: "p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)", params: [match] }]
    : conditions;
}

const whereOf = (conditions: Condition[]) =>
  conditions.length ? `WHERE ${conditions.map((condition) => condition.sql).join(" AND ")}` : "";
const andOf = (conditions: Condition[]) => conditions.map((condition) => ` AND ${condition.sql}`).join("");
const paramsOf = (conditions: Condition[]) => conditions.flatMap((condition) => condition.params);

const CANDIDATE_COLUMNS = `p.id, p.author_id AS authorId, p.category, p.post_type AS postType,
  p.is_featured AS isFeatured, p.created_at AS createdAt, p.likes_count AS likes,
  p.comments_count AS comments, p.shares_count AS shares, p.views_count AS views`;

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

const candidatesOf = (sql: string, params: unknown[]) =>
  (statement(sql).raw(true).all(...params) as CandidateRow[]).map(toCandidate);

/**
 * The newest posts of a selection, at most `limit`, skipping `offset`. Without a search this walks
 * an index ending in (created_at, id); with one, the search index drives (CROSS JOIN keeps that
 * order) and newest means highest id, which posts receive in the order they are written.
 */
function newestCandidates({ conditions, match }: Selection, limit: number, offset = 0): RankCandidate[] {
  if (match) {
    const sql = `SELECT ${CANDIDATE_COLUMNS} FROM posts_fts f CROSS JOIN posts p ON p.id = f.rowid
      WHERE posts_fts MATCH ?${andOf(conditions)} ORDER BY f.rowid DESC LIMIT ? OFFSET ?`;
    return candidatesOf(sql, [match, ...paramsOf(conditions), limit, offset]);
  }
  const sql = `SELECT ${CANDIDATE_COLUMNS} FROM posts p ${whereOf(conditions)}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`;
  return candidatesOf(sql, [...paramsOf(conditions), limit, offset]);
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
function newestPage(selection: Selection, page: number, limit: number) {
  const rows = newestCandidates(selection, limit + 1, (page - 1) * limit);
  return {
    slice: rows.slice(0, limit).map((row) => ({ id: row.id, score: row.createdAt })),
    hasMore: rows.length > limit,
  };
}

function rankingViewer(viewerId: number): RankViewer {
  const preferences = getPreferenceRow(viewerId);
  const followed = statement("SELECT author_id AS authorId FROM follows WHERE follower_id = ?").all(viewerId) as {
    authorId: number;
  }[];
  return {
    categories: new Set(preferences.categories),
    postTypes: new Set(preferences.postTypes),
    followedAuthors: new Set(followed.map((row) => row.authorId)),
  };
}

function forYouPool(selection: Selection) {
  const pool = newestCandidates(selection, RANK_POOL_SIZE);
  // Featured posts stay candidates however old they are.
  const conditions = allConditions(selection);
  const featuredSql = `SELECT ${CANDIDATE_COLUMNS} FROM posts p WHERE p.is_featured = 1${andOf(conditions)}
    ORDER BY p.created_at DESC LIMIT ${FEATURED_POOL_SIZE}`;
  const featured = candidatesOf(featuredSql, paramsOf(conditions));
  const seen = new Set(pool.map((post) => post.id));
  for (const post of featured) if (!seen.has(post.id)) pool.push(post);
  return pool;
}

/** Where Local looks: the `location` parameter, else the member's preferred location, else anywhere. */
function localCondition(location: string | null): Condition {
  return location
    ? { sql: "p.location_name = ? COLLATE NOCASE", params: [location] }
    : { sql: "p.location_name IS NOT NULL", params: [] };
}

/**
 * Only posts by authors the viewer follows. The unary + keeps SQLite from reading posts author by
 * author (which would need a sort); it walks the newest-first index and keeps followed authors.
 */
const followedCondition = (viewerId: number): Condition => ({
  sql: "+p.author_id IN (SELECT author_id FROM follows WHERE follower_id = ?)",
  params: [viewerId],
});

/**
 * Local: upcoming local events first, soonest first (score = event time), then every other
 * matching post newest first (score = creation time).
 */
function localPage(selection: Selection, now: number, page: number, limit: number) {
  const conditions = allConditions(selection);
  const upcomingSql = `SELECT p.id, p.event_date AS eventDate FROM posts p
    WHERE p.is_local_event = 1 AND p.event_date >= ?${andOf(conditions)}
    ORDER BY p.event_date, p.id LIMIT ${MAX_UPCOMING_EVENTS}`;
  const upcoming = (
    statement(upcomingSql).all(now, ...paramsOf(conditions)) as { id: number; eventDate: number }[]
  ).map((row) => ({ id: row.id, score: row.eventDate }));
  const start = (page - 1) * limit;
  const slice = upcoming.slice(start, start + limit);
  const notUpcoming = { sql: "NOT (p.is_local_event = 1 AND coalesce(p.event_date >= ?, 0))", params: [now] };
  const wanted = limit - slice.length;
  const rest = newestCandidates(
    { conditions: [...selection.conditions, notUpcoming], match: selection.match },
    wanted + 1,
    Math.max(0, start - upcoming.length),
  );
  for (const row of rest.slice(0, wanted)) slice.push({ id: row.id, score: row.createdAt });
  return { slice, hasMore: rest.length > wanted || upcoming.length > start + limit };
}

/** One of the four feeds (or the category feed: For You with the category fixed). */
export function getFeed(kind: FeedKind, query: FeedQuery, viewerId: number, now = Date.now()): FeedPage {
  const { page, limit } = query;
  const match = query.search ? toFtsQuery(query.search) : null;
  // A search of nothing but punctuation matches nothing.
  if (query.search && !match) return { posts: [], pagination: { page, limit, hasMore: false } };
  const range = TIME_RANGE_MS[query.timeRange];
  const conditions = filterConditions({
    category: query.category,
    postType: query.postType,
    // Whole minutes, so the same list asked for again within a minute is the same query.
    since: range === null ? undefined : Math.floor(now / MINUTE_MS) * MINUTE_MS - range,
  });
  if (kind === "following") conditions.unshift(followedCondition(viewerId));
  if (kind === "local") conditions.unshift(localCondition(query.location ?? getPreferenceRow(viewerId).location));
  const selection: Selection = { conditions, match: match ?? undefined };

  // Newest-first lists (Following, Local, "recent") are cached page by page; ranked lists whole,
  // so every page of one ranking within LIST_TTL_MS reuses it.
  const personal = kind === "following" || kind === "local" || (kind === "personalized" && query.sortBy === "score");
  const key = JSON.stringify([kind, query.sortBy, personal ? viewerId : 0, conditions, match]);
  let result: { slice: Ranked[]; hasMore: boolean };
  if (query.sortBy === "recent" || (query.sortBy === "score" && kind === "following")) {
    result = cachedList(`${key}:${page}:${limit}`, () => newestPage(selection, page, limit)).value;
  } else if (kind === "local" && query.sortBy === "score") {
    result = cachedList(`${key}:${page}:${limit}`, () => localPage(selection, now, page, limit)).value;
  } else {
    const pools = JSON.stringify([conditions, match]);
    let ranked: Ranked[];
    if (query.sortBy === "popular" || kind === "trending") {
      const pool = cachedList(`pool:${pools}`, () => newestCandidates(selection, RANK_POOL_SIZE));
      const score = query.sortBy === "popular" ? popularScore : (post: RankCandidate) => trendingScore(post, now);
      ranked = cachedList(key, () => rankBy(pool.value, score), pool.at).value;
    } else {
      const pool = cachedList(`for-you-pool:${pools}`, () => forYouPool(selection));
      ranked = cachedList(
        key,
        () => {
          const viewer = rankingViewer(viewerId);
          return rankBy(pool.value, (post) => forYouScore(post, viewer, now));
        },
        pool.at,
      ).value;
    }
    result = pageOf(ranked, page, limit);
  }
  return { posts: loadPosts(result.slice, viewerId), pagination: { page, limit, hasMore: result.hasMore } };
}

/**
 * Search: the newest RANK_POOL_SIZE posts matching every word, ranked by relevance
 * (score = -bm25, with title matches weighing 10, tags 5 and content 1).
 */
export function searchPosts(
  input: { query: string; category?: string; post_type?: string; page: number; limit: number },
  viewerId: number,
): FeedPage {
  const { page, limit } = input;
  const match = toFtsQuery(input.query);
  if (!match) return { posts: [], pagination: { page, limit, hasMore: false } };
  const conditions = filterConditions({ category: input.category, postType: input.post_type });
  // The search index drives (CROSS JOIN fixes the order) and yields rows newest id first. Without
  // filters the index alone answers: reading each post's row too costs a third more.
  const sql = `SELECT f.rowid AS id, -bm25(posts_fts, 10.0, 1.0, 5.0) AS score
    FROM posts_fts f${conditions.length ? " CROSS JOIN posts p ON p.id = f.rowid" : ""}
    WHERE posts_fts MATCH ?${andOf(conditions)} ORDER BY f.rowid DESC LIMIT ${RANK_POOL_SIZE}`;
  const ranked = cachedList(JSON.stringify(["search", conditions, match]), () =>
    (statement(sql).all(match, ...paramsOf(conditions)) as Ranked[]).sort((a, b) => b.score - a.score || b.id - a.id),
  ).value;
  const result = pageOf(ranked, page, limit);
  return {
    posts: loadPosts(result.slice, viewerId),
    pagination: { page, limit, hasMore: result.hasMore },
  };
}

/**
 * What a post says never changes once it is written: members cannot edit posts, and media are
 * stored with the post. So the most recently shown posts keep their parsed body here, and an
 * answer reads only what can change: the counters, the author's name and marks, and the viewer's
 * own interactions. Reading and parsing every column of 20 posts cost about four times as much.
 */
type PostBody = Omit<
  FeedPost,
  | "author_name"
  | "author_type"
  | "is_verified"
  | "likes_count"
  | "comments_count"
  | "shares_count"
  | "views_count"
  | "user_interacted"
  | "score"
>;
const MAX_KEPT_POST_BODIES = 5_000;
// Every answer showing a post shares its kept body: frozen, so no caller can change another's.
const frozen = <T extends object>(value: T) => Object.freeze(value) as T;
const keptPostBodies = new Map<number, PostBody>();

type BodyRow = [
  id: number,
  title: string,
  content: string,
  postType: string,
  category: string,
  tags: string,
  locationName: string | null,
  isLocalEvent: number,
  eventDate: number | null,
  difficultyLevel: string | null,
  estimatedTime: string | null,
  environmentalImpact: string,
  isFeatured: number,
  createdAt: number,
  authorId: number,
];

const POST_BODIES_BY_IDS = `SELECT id, title, content, post_type, category, tags, location_name,
  is_local_event, event_date, difficulty_level, estimated_time, environmental_impact, is_featured,
  created_at, author_id FROM posts WHERE id IN (SELECT value FROM json_each(?))`;

const MEDIA_BY_POST_IDS = `SELECT post_id AS postId, file_name AS fileName, mime_type AS mimeType
  FROM post_media WHERE post_id IN (SELECT value FROM json_each(?)) ORDER BY post_id, position`;

type LiveRow = [
  id: number,
  likes: number,
  comments: number,
  shares: number,
  views: number,
  authorName: string,
  authorType: string,
  isVerified: number,
];

/** The parts of posts that change. A post missing here no longer exists, whatever is kept. */
const LIVE_FIELDS_BY_IDS = `SELECT p.id, p.likes_count, p.comments_count, p.shares_count, p.views_count,
  u.username, u.author_type, u.is_verified
  FROM posts p JOIN users u ON u.id = p.author_id
  WHERE p.id IN (SELECT value FROM json_each(?))`;

const INTERACTIONS_BY_POST_IDS = `SELECT post_id AS postId, type FROM post_interactions
  WHERE user_id = ? AND post_id IN (SELECT value FROM json_each(?))`;

export const mediaUrl = (fileName: string) => `/media/${fileName}`;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Bodies of the given posts, from those kept or else read (and then kept). */
function postBodies(ids: number[]): Map<number, PostBody> {
  const bodies = new Map<number, PostBody>();
  const missing: number[] = [];
  for (const id of ids) {
    const kept = keptPostBodies.get(id);
    if (kept) bodies.set(id, kept);
    else missing.push(id);
  }
  if (!missing.length) return bodies;
  const missingIds = JSON.stringify(missing);
  const media = new Map<number, { url: string; type: string }[]>();
  for (const item of statement(MEDIA_BY_POST_IDS).all(missingIds) as {
    postId: number;
    fileName: string;
    mimeType: string;
  }[]) {
    const list = media.get(item.postId) ?? [];
    list.push({ url: mediaUrl(item.fileName), type: item.mimeType });
    media.set(item.postId, list);
  }
  for (const row of statement(POST_BODIES_BY_IDS).raw(true).all(missingIds) as BodyRow[]) {
    const [id, title, content, postType, category, tags, locationName, isLocalEvent, eventDate] = row;
    const files = media.get(id) ?? [];
    const body: PostBody = {
      id,
      title,
      content,
      post_type: postType,
      category,
      tags: frozen(parseJson<string[]>(tags, [])),
      media_urls: frozen(files.map((file) => file.url)),
      media: frozen(files.map(frozen)),
      location_name: locationName,
      is_local_event: isLocalEvent === 1,
      event_date: eventDate === null ? null : new Date(eventDate).toISOString(),
      difficulty_level: row[9],
      estimated_time: row[10],
      environmental_impact: frozen(parseJson<Record<string, string>>(row[11], {})),
      is_featured: row[12] === 1,
      created_at: new Date(row[13]).toISOString(),
      author_id: row[14],
    };
    bodies.set(id, frozen(body));
    keptPostBodies.set(id, body);
  }
  // Oldest first in a Map: drop from the front to stay bounded.
  while (keptPostBodies.size > MAX_KEPT_POST_BODIES) keptPostBodies.delete(keptPostBodies.keys().next().value!);
  return bodies;
}

/** Full posts for the given ids, in the given order, as the API shows them to this viewer. */
export function loadPosts(order: { id: number; score: number | null }[], viewerId: number): FeedPost[] {
  if (!order.length) return [];
  const ids = JSON.stringify(order.map((entry) => entry.id));
  const live = new Map((statement(LIVE_FIELDS_BY_IDS).raw(true).all(ids) as LiveRow[]).map((row) => [row[0], row]));
  const bodies = postBodies([...live.keys()]);
  const interacted = new Map<number, Set<string>>();
  for (const item of statement(INTERACTIONS_BY_POST_IDS).all(viewerId, ids) as {
    postId: number;
    type: string;
  }[]) {
    const set = interacted.get(item.postId) ?? new Set();
    set.add(item.type);
    interacted.set(item.postId, set);
  }
  const posts: FeedPost[] = [];
  for (const { id, score } of order) {
    const row = live.get(id);
    const body = bodies.get(id);
    if (!row || !body) continue;
    const mine = interacted.get(id);
    posts.push({
      id,
      title: body.title,
      content: body.content,
      post_type: body.post_type,
      category: body.category,
      tags: body.tags,
      media_urls: body.media_urls,
      media: body.media,
      location_name: body.location_name,
      is_local_event: body.is_local_event,
      event_date: body.event_date,
      difficulty_level: body.difficulty_level,
      estimated_time: body.estimated_time,
      environmental_impact: body.environmental_impact,
      author_id: body.author_id,
      author_name: row[5],
      author_type: row[6],
      is_verified: row[7] === 1,
      is_featured: body.is_featured,
      likes_count: row[1],
      comments_count: row[2],
      shares_count: row[3],
      views_count: row[4],
      created_at: body.created_at,
      user_interacted: {
        like: mine?.has("like") ?? false,
        save: mine?.has("save") ?? false,
        share: mine?.has("share") ?? false,
        view: mine?.has("view") ?? false,
        comment: mine?.has("comment") ?? false,
      },
      score,
    });
  }
  return posts;
}

/** One post as the viewer sees it, or null. */
export function getPost(postId: number, viewerId: number): FeedPost | null {
  return loadPosts([{ id: postId, score: null }], viewerId)[0] ?? null;
}

export type PreferenceRow = {
  categories: string[];
  postTypes: string[];
  location: string | null;
};

export function getPreferenceRow(userId: number): PreferenceRow {
  const row = statement(
    "SELECT categories, post_types AS postTypes, location FROM user_preferences WHERE user_id = ?",
  ).get(userId) as { categories: string; postTypes: string; location: string | null } | undefined;
  if (!row) return { categories: [], postTypes: [], location: null };
  return {
    categories: parseJson<string[]>(row.categories, []),
    postTypes: parseJson<string[]>(row.postTypes, []),
    location: row.location,
  };
}

export type FeedAnalytics = {
  totals: {
    posts: number;
    members: number;
    likes: number;
    comments: number;
    shares: number;
    views: number;
  };
  categories: { category: string; posts: number }[];
  post_types: { post_type: string; posts: number }[];
  trending_tags: { tag: string; posts: number }[];
  upcoming_events: number;
  you: {
    posts: number;
    likes_received: number;
    following: number;
    followers: number;
  };
};

/** Community-wide figures are summed over every post, so they are kept for a minute. */
const ANALYTICS_TTL_MS = 60_000;
let communityFigures: { at: number; value: Omit<FeedAnalytics, "you"> } | undefined;

/** Forget cached community figures (after a write the member should see at once). */
export function invalidateAnalytics() {
  communityFigures = undefined;
}

function computeCommunityFigures(now: number): Omit<FeedAnalytics, "you"> {
  const totals = statement(`SELECT count(*) AS posts, coalesce(sum(likes_count), 0) AS likes,
    coalesce(sum(comments_count), 0) AS comments, coalesce(sum(shares_count), 0) AS shares,
    coalesce(sum(views_count), 0) AS views, (SELECT count(*) FROM users) AS members FROM posts`).get() as FeedAnalytics["totals"];
  const categories = statement(
    "SELECT category, count(*) AS posts FROM posts GROUP BY category ORDER BY posts DESC, category",
  ).all() as FeedAnalytics["categories"];
  const postTypes = statement(
    "SELECT post_type, count(*) AS posts FROM posts GROUP BY post_type ORDER BY posts DESC, post_type",
  ).all() as FeedAnalytics["post_types"];
  // Tags of the newest posts only: "trending" means now, and it bounds the work.
  const tags = statement(`SELECT lower(t.value) AS tag, count(*) AS posts
    FROM (SELECT tags FROM posts ORDER BY created_at DESC, id DESC LIMIT ${RANK_POOL_SIZE}) p, json_each(p.tags) t
    GROUP BY lower(t.value) ORDER BY posts DESC, tag LIMIT 10`).all() as FeedAnalytics["trending_tags"];
  const { events } = statement("SELECT count(*) AS events FROM posts WHERE is_local_event = 1 AND event_date >= ?").get(
    now,
  ) as { events: number };
  return {
    totals,
    categories,
    post_types: postTypes,
    trending_tags: tags,
    upcoming_events: events,
  };
}

/** GET /api/feed/analytics: the community in figures, and the member's own share of it. */
export function getFeedAnalytics(viewerId: number, now = Date.now()): FeedAnalytics {
  if (!communityFigures || now - communityFigures.at > ANALYTICS_TTL_MS) {
    communityFigures = { at: now, value: computeCommunityFigures(now) };
  }
  const you = statement(`SELECT
      (SELECT count(*) FROM posts WHERE author_id = @id) AS posts,
      (SELECT coalesce(sum(likes_count), 0) FROM posts WHERE author_id = @id) AS likes_received,
      (SELECT count(*) FROM follows WHERE follower_id = @id) AS following,
      (SELECT count(*) FROM follows WHERE author_id = @id) AS followers`).get({
    id: viewerId,
  }) as FeedAnalytics["you"];
  return { ...communityFigures.value, you };
}
