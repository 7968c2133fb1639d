import { and, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { follows, posts, users } from "../../../../db/schema";
import {
  andSql,
  blockedEitherWay,
  listedPostConditions,
  visiblePostConditions,
  whereSql,
  type Viewer,
} from "~/services/access.server";
import { getDb, statement, sqlText, transaction, changedRows } from "~/services/database/db.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { notify } from "~/features/notifications/notify.server";
import { communityChanged } from "../cache.server";
import { RANK_POOL_SIZE, recommendationScore, type AuthorActivity } from "../feed-ranking.server";
import { messages } from "../messages";
import { loadPosts } from "./post-reads.server";
import { getPreferences } from "./preferences.server";
import type { FeedPost, RecommendedMember } from "../wire";

/** Members as the community sees them: follows and who to follow next. */

/** `posts` as the queries here name it. */
const p = alias(posts, "p");

type FollowOutcome =
  | { ok: true; following: boolean; followers_count: number; author_name: string }
  | { ok: false; reason: "invalid" | "not-found" | "forbidden"; message: string };

async function followersOf(authorId: number) {
  const [{ total }] = await getDb().select({ total: count() }).from(follows).where(eq(follows.authorId, authorId)).all();
  return total;
}

/** Follows (or, with `follow: false`, unfollows) an author; doing it twice changes nothing. */
export async function setFollowing(followerId: number, authorId: number, follow: boolean): Promise<FollowOutcome> {
  if (followerId === authorId) return { ok: false, reason: "invalid", message: "You cannot follow yourself." };
  const db = getDb();
  const author = await db
    .select({ username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, authorId))
    .get();
  // A deleted account is no longer a person to follow.
  if (!author || author.deletedAt) return { ok: false, reason: "not-found", message: messages.unknownMember };
  // Unfollowing is always allowed; a new follow across a block, either way, is not.
  if (follow && (await blockedEitherWay(followerId, authorId)))
    return { ok: false, reason: "forbidden", message: BLOCK_MESSAGES.cannotFollow };
  if (follow) {
    await transaction(async (tx) => {
      // Only a new follow is news: following again changes nothing and tells nobody.
      const added = changedRows(await tx.insert(follows).values({ followerId, authorId }).onConflictDoNothing().run()) === 1;
      if (added)
        await notify(tx, {
          recipientId: authorId,
          type: "follow",
          actorId: followerId,
          subjectType: "user",
          subjectId: followerId,
          excerpt: "",
          // Following again after an unfollow is the same news: one notification a follower, bumped.
          foldKey: `follow:${followerId}`,
          actors: 1,
        });
    });
  } else
    await db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.authorId, authorId)))
      .run();
  // Following and For You depend on whom the member follows.
  communityChanged("follow");
  return {
    ok: true,
    following: follow,
    followers_count: await followersOf(authorId),
    author_name: author.username,
  };
}

/** The ids of the authors a member follows. */
export async function followedAuthorIds(followerId: number): Promise<number[]> {
  const rows = (await statement("SELECT author_id AS authorId FROM follows WHERE follower_id = ?").all(followerId)) as {
    authorId: number;
  }[];
  return rows.map((row) => row.authorId);
}

/** Whether the viewer follows a member, and how many do: the Follow button of a member's page. */
export async function followState(viewer: Viewer, authorId: number) {
  const following = await getDb()
    .select({ authorId: follows.authorId })
    .from(follows)
    .where(and(eq(follows.followerId, viewer.id), eq(follows.authorId, authorId)))
    .get();
  return { following: Boolean(following), followers_count: await followersOf(authorId) };
}

/** A member's newest posts that the viewer may see, newest first (read through the author's index). */
export async function recentPostsBy(viewer: Viewer, authorId: number, limit: number): Promise<FeedPost[]> {
  const visible = await visiblePostConditions(viewer, p);
  const query = sqlText(
    sql`SELECT p.id FROM posts p WHERE p.author_id = ${authorId}${andSql(visible)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`,
  );
  const rows = (await statement(query.sql).all(...query.params)) as { id: number }[];
  return loadPosts(
    rows.map((row) => ({ id: row.id, score: null })),
    viewer,
  );
}

const MAX_RECOMMENDATIONS = 10;

/**
 * Authors worth following: the authors of the newest posts whom the member does not follow yet,
 * ranked by recommendationScore (their recent engagement, their output, a match with the
 * member's preferred categories, expert or verified marks).
 */
export async function recommendMembers(viewer: Viewer): Promise<RecommendedMember[]> {
  const userId = viewer.id;
  const visible = await listedPostConditions(viewer, p);
  const query =
    sqlText(sql`SELECT p.author_id AS authorId, p.category, p.likes_count + 2 * p.comments_count + 3 * p.shares_count AS engagement
     FROM posts p ${whereSql(visible)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${sql.raw(String(RANK_POOL_SIZE))}`);
  const recent = (await statement(query.sql).all(...query.params)) as {
    authorId: number;
    category: string;
    engagement: number;
  }[];
  const followed = new Set(await followedAuthorIds(userId));
  const activity = new Map<number, AuthorActivity & { categories: Map<string, number> }>();
  for (const post of recent) {
    if (post.authorId === userId || followed.has(post.authorId)) continue;
    const entry = activity.get(post.authorId) ?? {
      id: post.authorId,
      posts: 0,
      engagement: 0,
      categories: new Map(),
      topCategory: post.category,
      isExpert: false,
      isVerified: false,
      matchesPreferences: false,
    };
    entry.posts += 1;
    entry.engagement += post.engagement;
    entry.categories.set(post.category, (entry.categories.get(post.category) ?? 0) + 1);
    activity.set(post.authorId, entry);
  }
  if (!activity.size) return [];

  const preferred = new Set((await getPreferences(userId)).categories);
  const authors = (await statement(
    `SELECT id, username, author_type AS authorType, is_verified AS isVerified FROM users
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify([...activity.keys()]))) as {
    id: number;
    username: string;
    authorType: string;
    isVerified: number;
  }[];
  const byId = new Map(authors.map((author) => [author.id, author]));
  for (const entry of activity.values()) {
    const author = byId.get(entry.id);
    entry.topCategory = [...entry.categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    entry.isExpert = author?.authorType === "expert";
    entry.isVerified = author?.isVerified === 1;
    entry.matchesPreferences = [...entry.categories.keys()].some((category) => preferred.has(category));
  }
  const chosen = [...activity.values()]
    .filter((entry) => byId.has(entry.id))
    .map((entry) => ({ entry, score: recommendationScore(entry) }))
    .sort((a, b) => b.score - a.score || a.entry.id - b.entry.id)
    .slice(0, MAX_RECOMMENDATIONS)
    .map(async ({ entry }) => {
      const author = byId.get(entry.id)!;
      const topic = entry.topCategory.replace(/_/g, " ");
      return {
        id: author.id,
        username: author.username,
        author_type: author.authorType,
        is_verified: author.isVerified === 1,
        recent_posts: entry.posts,
        followers_count: await followersOf(author.id),
        top_category: entry.topCategory,
        reason: entry.isExpert ? `Expert posting about ${topic}` : `Active in ${topic}`,
      };
    });
  return Promise.all(chosen);
}
