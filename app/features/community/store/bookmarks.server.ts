import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts } from "../../../../db/schema";
import { andSql, visiblePostConditions, type Viewer } from "~/services/access.server";
import { statement, sqlText } from "~/services/database/db.server";
import { loadPosts, isPostVisible } from "./post-reads.server";
import type { FeedPage, LikesPage } from "../wire";

/**
 * Lists made of members' interactions: the posts a member saved (their bookmarks) and the members
 * who liked a post. Both page like the feed (`page` from 1, `limit`), newest first by when the
 * interaction was made; ties (the same millisecond) fall back to the order the rows were written.
 */

const p = alias(posts, "p");

/** The viewer's saved posts that they may still see, newest saved first. */
export async function listSavedPosts(viewer: Viewer, { page, limit }: { page: number; limit: number }): Promise<FeedPage> {
  const visible = await visiblePostConditions(viewer, p);
  const query = sqlText(sql`SELECT i.post_id AS id FROM post_interactions i JOIN posts p ON p.id = i.post_id
     WHERE i.user_id = ${viewer.id} AND i.type = 'save'${andSql(visible)}
     ORDER BY i.created_at DESC, i.rowid DESC LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}`);
  const rows = (await statement(query.sql).all(...query.params)) as { id: number }[];
  const saved = await loadPosts(
    rows.slice(0, limit).map((row) => ({ id: row.id, score: null })),
    viewer,
  );
  return { posts: saved, pagination: { page, limit, hasMore: rows.length > limit } };
}

/**
 * Who liked a post, newest like first; null when the post does not exist for the viewer. A member
 * who deleted their account is no longer named.
 */
export async function listLikers(
  viewer: Viewer,
  postId: number,
  { page, limit }: { page: number; limit: number },
): Promise<LikesPage | null> {
  if (!(await isPostVisible(viewer, postId))) return null;
  const rows = (await statement(
    `SELECT u.id, u.username, i.created_at AS likedAt FROM post_interactions i JOIN users u ON u.id = i.user_id
     WHERE i.post_id = ? AND i.type = 'like' AND u.deleted_at IS NULL
     ORDER BY i.created_at DESC, i.rowid DESC LIMIT ? OFFSET ?`,
  ).all(postId, limit + 1, (page - 1) * limit)) as { id: number; username: string; likedAt: number }[];
  return {
    users: rows
      .slice(0, limit)
      .map((row) => ({ id: row.id, username: row.username, liked_at: new Date(row.likedAt).toISOString() })),
    pagination: { page, limit, hasMore: rows.length > limit },
  };
}
