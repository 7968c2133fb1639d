import type { FeedPost } from "~/features/community/wire";
import type { ListingView, Reputation, ReviewView } from "~/features/exchange/wire";
import type { FormResult } from "~/lib/forms";
import type { Organisation } from "~/features/organisation/schemas";

/** A member's public page and its forms' answers, as the page reads them. */

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
  /** The business identity, only of a member an admin verified. */
  business: Organisation | null;
};

/** What Follow or Unfollow on a member's page answers. */
export type FollowResult = FormResult<{ message: string; following: boolean }, { message: string }>;

/** What Block or Unblock on a member's page answers. */
export type BlockResult = FormResult<{ message: string; blocked: boolean }, { message: string }>;
