import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { andSql, sqlParams, visiblePostConditions, type Viewer } from "~/services/access.server";
import { getDb, prepared } from "~/services/db.server";
import type { ProfileInput } from "./profile";

/** A member's profile: the editable fields, their figures, achievements and recent activity. */

type ActivityItem = { kind: "post" | "comment" | "like" | "save" | "share"; postId: number; title: string; at: string };

export function getProfile(viewer: Viewer) {
  const userId = viewer.id;
  const user = getDb()
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
  if (!user) return null;
  const stats = prepared(`SELECT
      (SELECT count(*) FROM posts WHERE author_id = @id) AS posts,
      (SELECT coalesce(sum(likes_count), 0) FROM posts WHERE author_id = @id) AS likesReceived,
      (SELECT count(*) FROM post_comments WHERE author_id = @id) AS comments,
      (SELECT count(*) FROM follows WHERE follower_id = @id) AS following,
      (SELECT count(*) FROM follows WHERE author_id = @id) AS followers`).get({ id: userId }) as {
    posts: number;
    likesReceived: number;
    comments: number;
    following: number;
    followers: number;
  };
  // Activity names posts by their titles: each branch shows only posts the member may see.
  const visible = visiblePostConditions(viewer, "p");
  const activity = (
    prepared(`SELECT * FROM (
        SELECT 'post' AS kind, p.id AS postId, p.title, p.created_at AS at FROM posts p WHERE p.author_id = @id${andSql(visible)}
        UNION ALL
        SELECT 'comment', c.post_id, p.title, c.created_at FROM post_comments c JOIN posts p ON p.id = c.post_id
          WHERE c.author_id = @id${andSql(visible)}
        UNION ALL
        SELECT i.type, i.post_id, p.title, i.created_at FROM post_interactions i JOIN posts p ON p.id = i.post_id
          WHERE i.user_id = @id AND i.type IN ('like', 'save', 'share')${andSql(visible)}
      ) ORDER BY at DESC LIMIT 10`).all(...sqlParams(visible), ...sqlParams(visible), ...sqlParams(visible), {
      id: userId,
    }) as (Omit<ActivityItem, "at"> & { at: number })[]
  ).map((item) => ({ ...item, at: new Date(item.at).toISOString() }));
  return { user: { ...user, createdAt: user.createdAt.toISOString() }, stats, achievements: achievementsOf(stats), activity };
}

/** Each achievement's progress is the member's figure over the target, at most 1. */
export function achievementsOf(stats: { posts: number; likesReceived: number; comments: number; following: number }) {
  const goals = [
    { title: "First Post", description: "Share your first post with the community.", value: stats.posts, target: 1 },
    { title: "Active Contributor", description: "Publish ten posts.", value: stats.posts, target: 10 },
    { title: "Community Favourite", description: "Receive 25 likes on your posts.", value: stats.likesReceived, target: 25 },
    { title: "Conversation Starter", description: "Write five comments.", value: stats.comments, target: 5 },
    { title: "Networker", description: "Follow five members.", value: stats.following, target: 5 },
  ];
  return goals.map((goal) => ({ ...goal, progress: Math.min(1, goal.value / goal.target), earned: goal.value >= goal.target }));
}

export function updateProfile(userId: number, input: ProfileInput) {
  getDb()
    .update(users)
    .set({
      username: input.name,
      bio: input.bio,
      phone: input.phone,
      location: input.location,
      company: input.company,
      website: input.website,
    })
    .where(eq(users.id, userId))
    .run();
}
