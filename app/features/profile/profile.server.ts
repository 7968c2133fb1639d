import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { andSql, sqlParams, visiblePostConditions, type Viewer } from "~/services/access.server";
import { getDb, prepared } from "~/services/db.server";
import { memberImpact } from "~/features/impact/store/summary.server";
import type { MemberImpact } from "~/features/impact/wire";
import type { ProfileInput } from "./profile";

/** A member's profile: the editable fields, their figures, achievements and recent activity. */

type ActivityItem = { kind: "post" | "comment" | "like" | "save" | "share"; postId: number; title: string; at: string };

export async function getProfile(viewer: Viewer) {
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
      (SELECT count(*) FROM follows WHERE author_id = @id) AS followers,
      (SELECT coalesce(sum(entries), 0) FROM impact_days WHERE member_id = @id) AS entries`).get({ id: userId }) as {
    posts: number;
    likesReceived: number;
    comments: number;
    following: number;
    followers: number;
    entries: number;
  };
  const impact = await memberImpact(userId);
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
  return {
    user: { ...user, createdAt: user.createdAt.toISOString() },
    stats,
    impact,
    achievements: achievementsOf({ ...stats, ...impact }),
    activity,
  };
}

/**
 * Each achievement's progress is the member's figure over the target, at most 1. The ledger's
 * figures count whole kilograms, so a tonne is earned at 1,000 kg and not a gram before.
 */
export function achievementsOf(
  stats: { posts: number; likesReceived: number; comments: number; following: number; entries?: number } & Partial<MemberImpact>,
) {
  const goals = [
    { title: "First Post", description: "Share your first post with the community.", value: stats.posts, target: 1 },
    { title: "Active Contributor", description: "Publish ten posts.", value: stats.posts, target: 10 },
    { title: "Community Favourite", description: "Receive 25 likes on your posts.", value: stats.likesReceived, target: 25 },
    { title: "Conversation Starter", description: "Write five comments.", value: stats.comments, target: 5 },
    { title: "Networker", description: "Follow five members.", value: stats.following, target: 5 },
    { title: "First Load", description: "Record your first load in the impact ledger.", value: stats.entries ?? 0, target: 1 },
    {
      title: "Tonne Diverted",
      description: "Keep 1,000 kg out of landfill: reused, recycled, composted or recovered.",
      value: Math.floor(stats.weight_diverted_kg ?? 0),
      target: 1000,
    },
    { title: "First Trade", description: "Complete an order on the marketplace.", value: stats.orders_completed ?? 0, target: 1 },
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
