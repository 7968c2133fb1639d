import type { Viewer } from "~/services/access.server";
import { followState, recentPostsBy, setFollowing } from "~/features/community/store/members.server";
import { listingsOf } from "~/features/exchange/store/listings.server";
import { reputationOf } from "~/features/exchange/store/reputation.server";
import { reviewsOf } from "~/features/exchange/store/reviews.server";
import { hasBlocked, setBlocked } from "~/features/moderation/blocks.server";
import { reportedIds } from "~/features/moderation/reports.server";
import type { BlockResult, FollowResult, MemberPage } from "./wire";
import { memberCard } from "./store/profile.server";
import { publicBusinessDetails } from "~/features/organisation/organisation.server";

/**
 * A member's public page: who they are (never their e-mail address or phone), whom they are
 * followed by, their posts, their open listings, the reviews they received and how their orders
 * ended. Every part is read through its own feature's readers, which apply the visibility rules.
 */

export const MEMBER_PAGE_POSTS = 5;
export const MEMBER_PAGE_LISTINGS = 12;
export const MEMBER_PAGE_REVIEWS = 10;

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
    blocked: await hasBlocked(viewer, row.id),
    is_reported: (await reportedIds(viewer.id, "user", [row.id])).has(row.id),
    follow: await followState(viewer, row.id),
    reputation: await reputationOf(row.id),
    posts: await recentPostsBy(viewer, row.id, MEMBER_PAGE_POSTS),
    listings: await listingsOf(viewer, row.id, { open: true, page: 1, limit: MEMBER_PAGE_LISTINGS }),
    reviews: await reviewsOf(row.id, { page: 1, limit: MEMBER_PAGE_REVIEWS }),
    business: row.isVerified ? await publicBusinessDetails(row.id) : null,
  };
}

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

/** Block or Unblock on a member's page, with the sentence the page shows. */
export async function blockFromMemberPage(viewer: Viewer, memberId: number, block: boolean): Promise<BlockResult> {
  const outcome = await setBlocked(viewer, memberId, block);
  if (!outcome.ok) return outcome;
  return { ok: true, blocked: outcome.blocked, message: outcome.message };
}

/**
 * Every form of a member's page posts here, told apart by `intent` (Follow, Unfollow, Block,
 * Unblock): the result, and the page to go back to without JavaScript.
 */
export async function memberPageAction(
  viewer: Viewer,
  memberId: number | null,
  intent: FormDataEntryValue | null,
): Promise<{ result: FollowResult | BlockResult; returnTo: string }> {
  let result: FollowResult | BlockResult;
  if (!memberId) result = { ok: false, reason: "not-found", message: "This member does not exist.", errors: {} };
  else if (intent === "block" || intent === "unblock") result = await blockFromMemberPage(viewer, memberId, intent === "block");
  else if (intent !== "follow" && intent !== "unfollow") {
    result = { ok: false, reason: "invalid", message: "Choose Follow, Unfollow, Block or Unblock.", errors: {} };
  } else result = await followFromMemberPage(viewer, memberId, intent === "follow");
  return { result, returnTo: memberId ? `/app/members/${memberId}` : "/app/community" };
}
