import { eq, sql } from "drizzle-orm";
import { pointColumns } from "~/services/places/gazetteer.server";
import { alias } from "drizzle-orm/sqlite-core";
import { posts, users } from "../../../../db/schema";
import { andSql, visiblePostConditions, type Viewer } from "~/services/access.server";
import { getDb, statement, sqlText } from "~/services/database/db.server";
import type { ProfileInput } from "../profile";
import { nocaseOrder } from "~/services/database/nocase-order.server";

/** A member's own profile and the public card of a member's page, as stored. */

export type ActivityItem = { kind: "post" | "comment" | "like" | "save" | "share"; postId: number; title: string; at: string };

/** The member's editable fields and when they joined; null when there is no such member. */
export async function profileFields(userId: number) {
  const user = await getDb()
    .select({
      name: users.username,
      email: users.email,
      bio: users.bio,
      phone: users.phone,
      location: users.location,
      company: users.company,
      website: users.website,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return user ?? null;
}

/** The member's figures: what they wrote, received and follow (their ledger's are the impact feature's). */
export async function profileStats(userId: number) {
  return (await statement(`SELECT
      (SELECT count(*) FROM posts WHERE author_id = @id) AS posts,
      (SELECT coalesce(sum(likes_count), 0) FROM posts WHERE author_id = @id) AS likesReceived,
      (SELECT count(*) FROM post_comments WHERE author_id = @id) AS comments,
      (SELECT count(*) FROM follows WHERE follower_id = @id) AS following,
      (SELECT count(*) FROM follows WHERE author_id = @id) AS followers`).get({ id: userId })) as {
    posts: number;
    likesReceived: number;
    comments: number;
    following: number;
    followers: number;
  };
}

/** The viewer's ten latest posts, comments, likes, saves and shares, naming only posts they may see. */
export async function profileActivity(viewer: Viewer): Promise<ActivityItem[]> {
  // Activity names posts by their titles: each branch shows only posts the member may see.
  const visible = await visiblePostConditions(viewer, alias(posts, "p"));
  const query = sqlText(sql`SELECT * FROM (
        SELECT 'post' AS kind, p.id AS postId, p.title, p.created_at AS at FROM posts p WHERE p.author_id = ${viewer.id}${andSql(visible)}
        UNION ALL
        SELECT 'comment', c.post_id, p.title, c.created_at FROM post_comments c JOIN posts p ON p.id = c.post_id
          WHERE c.author_id = ${viewer.id}${andSql(visible)}
        UNION ALL
        SELECT i.type, i.post_id, p.title, i.created_at FROM post_interactions i JOIN posts p ON p.id = i.post_id
          WHERE i.user_id = ${viewer.id} AND i.type IN ('like', 'save', 'share')${andSql(visible)}
      ) AS activity ORDER BY at DESC LIMIT 10`);
  return ((await statement(query.sql).all(...query.params)) as (Omit<ActivityItem, "at"> & { at: number })[]).map((item) => ({
    ...item,
    at: new Date(item.at).toISOString(),
  }));
}

export async function updateProfile(userId: number, input: ProfileInput) {
  await getDb()
    .update(users)
    .set({
      username: input.name,
      bio: input.bio,
      phone: input.phone,
      location: input.location,
      ...pointColumns(input.location),
      company: input.company,
      website: input.website,
    })
    .where(eq(users.id, userId))
    .run();
}

/** What a member's page shows of the member; null when there is no such member. */
export async function memberCard(memberId: number) {
  const row = await getDb()
    .select({
      id: users.id,
      username: users.username,
      company: users.company,
      location: users.location,
      bio: users.bio,
      website: users.website,
      isVerified: users.isVerified,
      authorType: users.authorType,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, memberId))
    .get();
  return row ?? null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Members whose name contains the text, the first `limit` by name and how many match: never a
 * deleted member (their row stays as "a deleted member"), nor one the viewer blocked.
 */
export async function searchMembers(viewer: Viewer, text: string, limit: number) {
  const where = `FROM users WHERE deleted_at IS NULL AND username LIKE ? ESCAPE '\\'
    AND id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?)`;
  const params = [likePattern(text), viewer.id];
  const members = (await statement(
    `SELECT id, username, company, location ${where} ORDER BY ${nocaseOrder("username")}, id LIMIT ?`,
  ).all(...params, limit)) as { id: number; username: string; company: string; location: string }[];
  const total = ((await statement(`SELECT count(*) ${where}`).value(...params)) as number) ?? 0;
  return { members, total };
}
