import type { Viewer } from "~/services/access.server";
import type { FormResult } from "~/lib/forms";
import { followState, recentPostsBy, setFollowing } from "~/features/community/store/members.server";
import type { FeedPost } from "~/features/community/wire";
import { listingsOf } from "~/features/exchange/listings.server";
import { reputationOf } from "~/features/exchange/reputation.server";
import { reviewsOf } from "~/features/exchange/reviews.server";
import { hasBlocked, setBlocked } from "~/features/moderation/blocks.server";
import type { ListingView, Reputation, ReviewView } from "~/features/exchange/wire";
import { reportedIds } from "~/features/moderation/reports.server";
import { memberCard } from "./store/profile.server";

/**
 * A member's public page: who they are (never their e-mail address or phone), whom they are
 * followed by, their posts, their open listings, the reviews they received and how their orders
 * ended. Every part is read through its own feature's readers, which apply the visibility rules.
 */

export const MEMBER_PAGE_POSTS = 5;
export const MEMBER_PAGE_LISTINGS = 12;
export const MEMBER_PAGE_REVIEWS = 10;

export type MemberPage = {
  member: {
    id: number;
    username: string;
    company: string;
    location: string;
    bio: string;
    website: string;
    is_verified: boolean;
    is_expert: boolean;
    joined_at: string;
  };
  is_self: boolean;
  /** Whether the viewer blocked the member: then their posts and listings here are empty. */
  blocked: boolean;
  /** Whether the viewer has reported this member to moderators. */
  is_reported: boolean;
  follow: { following: boolean; followers_count: number };
  reputation: Reputation;
  posts: FeedPost[];
  listings: { listings: ListingView[]; total: number };
  reviews: { reviews: ReviewView[]; total: number };
};

/** The page of member `memberId` as the viewer sees it; null when there is no such member. */
export async function loadMemberPage(viewer: Viewer, memberId: number): Promise<MemberPage | null> {
  const row = await memberCard(memberId);
  // A deleted account has no page: its name stays only on the orders and reviews it took part in.
  if (!row || row.deletedAt) return null;
  return {
    member: {
      id: row.id,
      username: row.username,
      company: row.company,
      location: row.location,
      bio: row.bio,
      website: row.website,
      is_verified: row.isVerified,
      is_expert: row.authorType === "expert",
      joined_at: row.createdAt.toISOString(),
    },
    is_self: row.id === viewer.id,
    blocked: hasBlocked(viewer, row.id),
    is_reported: reportedIds(viewer.id, "user", [row.id]).has(row.id),
    follow: await followState(viewer, row.id),
    reputation: reputationOf(row.id),
    posts: await recentPostsBy(viewer, row.id, MEMBER_PAGE_POSTS),
    listings: await listingsOf(viewer, row.id, { open: true, page: 1, limit: MEMBER_PAGE_LISTINGS }),
    reviews: reviewsOf(row.id, { page: 1, limit: MEMBER_PAGE_REVIEWS }),
  };
}

export type FollowResult = FormResult<{ message: string; following: boolean }, { message: string }>;

/** Follow or Unfollow on a member's page: the community's follow, with the sentence the page shows. */
export async function followFromMemberPage(viewer: Viewer, memberId: number, follow: boolean): Promise<FollowResult> {
  const outcome = await setFollowing(viewer.id, memberId, follow);
  if (!outcome.ok) return { ...outcome, errors: {} };
  return {
    ok: true,
    following: outcome.following,
    message: outcome.following ? `You now follow ${outcome.author_name}` : `You no longer follow ${outcome.author_name}`,
  };
}

export type BlockResult = FormResult<{ message: string; blocked: boolean }, { message: string }>;

/** Block or Unblock on a member's page, with the sentence the page shows. */
export function blockFromMemberPage(viewer: Viewer, memberId: number, block: boolean): BlockResult {
  const outcome = setBlocked(viewer, memberId, block);
  if (!outcome.ok) return outcome;
  return { ok: true, blocked: outcome.blocked, message: outcome.message };
}
