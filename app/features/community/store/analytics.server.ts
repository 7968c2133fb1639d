import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts } from "../../../../db/schema";
import { andSql, conditionsKey, listedPostConditions, whereSql, type Viewer } from "~/services/access.server";
import { sqlStatement, statement } from "~/services/database/db.server";
import { cachedFiguresSettled } from "../cache.server";
import { RANK_POOL_SIZE } from "../feed-ranking.server";
import type { FeedAnalytics } from "../wire";

/** GET /api/feed/analytics: the community in figures, counted over the posts listed for the viewer. */

/** `posts` as the figures' queries name it. */
const p = alias(posts, "p");

async function communityFigures(visible: readonly SQL[], now: number): Promise<Omit<FeedAnalytics, "you">> {
  const where = whereSql(visible);
  const totals = (await sqlStatement(sql`SELECT count(*) AS posts, coalesce(sum(likes_count), 0) AS likes,
    coalesce(sum(comments_count), 0) AS comments, coalesce(sum(shares_count), 0) AS shares,
    coalesce(sum(views_count), 0) AS views, (SELECT count(*) FROM users) AS members FROM posts p ${where}`).get()) as FeedAnalytics["totals"];
  const categories = (await sqlStatement(
    sql`SELECT category, count(*) AS posts FROM posts p ${where} GROUP BY category ORDER BY posts DESC, category`,
  ).all()) as FeedAnalytics["categories"];
  const postTypes = (await sqlStatement(
    sql`SELECT post_type, count(*) AS posts FROM posts p ${where} GROUP BY post_type ORDER BY posts DESC, post_type`,
  ).all()) as FeedAnalytics["post_types"];
  // Tags of the newest posts only: "trending" means now, and it bounds the work.
  const tags = (await sqlStatement(sql`SELECT lower(t.value) AS tag, count(*) AS posts
    FROM (SELECT tags FROM posts p ${where} ORDER BY created_at DESC, id DESC LIMIT ${sql.raw(String(RANK_POOL_SIZE))}) p, json_each(p.tags) t
    GROUP BY lower(t.value) ORDER BY posts DESC, tag LIMIT 10`).all()) as FeedAnalytics["trending_tags"];
  const { events } = (await sqlStatement(
    sql`SELECT count(*) AS events FROM posts p WHERE is_local_event = 1 AND event_date >= ${now}${andSql(visible)}`,
  ).get()) as { events: number };
  return { totals, categories, post_types: postTypes, trending_tags: tags, upcoming_events: events };
}

/** The community in figures, and the member's own share of it. */
export async function getFeedAnalytics(viewer: Viewer, now = Date.now()): Promise<FeedAnalytics> {
  // The figures every member shares: no hidden post counts, for its author and admins neither.
  const visible = await listedPostConditions(viewer, p);
  // Members who see the same posts share one count.
  const community = await cachedFiguresSettled(conditionsKey(visible), () => communityFigures(visible, now), now);
  const you = (await statement(`SELECT
      (SELECT count(*) FROM posts WHERE author_id = @id) AS posts,
      (SELECT coalesce(sum(likes_count), 0) FROM posts WHERE author_id = @id) AS likes_received,
      (SELECT count(*) FROM follows WHERE follower_id = @id) AS following,
      (SELECT count(*) FROM follows WHERE author_id = @id) AS followers`).get({
    id: viewer.id,
  })) as FeedAnalytics["you"];
  return { ...community, you };
}
