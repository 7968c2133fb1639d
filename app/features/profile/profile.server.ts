import type { Viewer } from "~/services/access.server";
import { memberLedgerFigures } from "~/features/impact/store/summary.server";
import type { MemberImpact } from "~/features/impact/wire";
import { profileActivity, profileFields, profileStats } from "./store/profile.server";

/** A member's profile: the editable fields, their figures, achievements and recent activity. */

export async function getProfile(viewer: Viewer) {
  const userId = viewer.id;
  const user = await profileFields(userId);
  if (!user) return null;
  const { impact, entries } = await memberLedgerFigures(userId);
  const stats = { ...(await profileStats(userId)), entries };
  const activity = await profileActivity(viewer);
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
