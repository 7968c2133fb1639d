import type { FormResult } from "~/lib/forms";
import type { z } from "~/lib/zod";
import type { communityViewSchema } from "./schemas";
import type { InteractionType } from "./vocabulary";

/**
 * What the community sends to the browser and to API clients, one home for each shape: the
 * server modules build these, the components and routes read them. Types only, so any module,
 * browser or server, may import them.
 */

/** A post as the API and the page show it. */
export type FeedPost = {
  id: number;
  title: string;
  content: string;
  post_type: string;
  category: string;
  tags: string[];
  media_urls: string[];
  media: { url: string; type: string }[];
  location_name: string | null;
  is_local_event: boolean;
  event_date: string | null;
  difficulty_level: string | null;
  estimated_time: string | null;
  environmental_impact: Record<string, string>;
  author_id: number;
  author_name: string;
  author_type: string;
  is_verified: boolean;
  is_featured: boolean;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  views_count: number;
  created_at: string;
  /** When its author last edited it; null if never. */
  edited_at: string | null;
  /** The event its organiser shared with this post (its page is /app/events/:id); null for any other post. */
  event_id: number | null;
  /** Hidden by moderators: only its author and admins are shown it, marked so. */
  is_hidden: boolean;
  user_interacted: Record<InteractionType, boolean>;
  /** Whether the viewer has reported it to moderators (the card shows "Reported" instead of the link). */
  is_reported: boolean;
  /** The value that placed the post in its list (docs/api.md, "Feed ranking"); null outside a list. */
  score: number | null;
};

/** A page of a feed or of a search. */
export type FeedPage = {
  posts: FeedPost[];
  pagination: { page: number; limit: number; hasMore: boolean };
};

export type CommentView = {
  id: number;
  post_id: number;
  content: string;
  author_id: number;
  author_name: string;
  created_at: string;
  /** When its author last edited it; null if never. */
  edited_at: string | null;
  /** Hidden by moderators: only its author and admins are shown it, marked so. */
  is_hidden: boolean;
  /** Whether the viewer has reported it to moderators. */
  is_reported: boolean;
};

/** A page of a post's comments, newest first. */
export type CommentPage = { comments: CommentView[]; hasMore: boolean };

/** A member who liked a post, newest like first. */
export type Liker = { id: number; username: string; liked_at: string };

/** A page of a post's likes. */
export type LikesPage = { users: Liker[]; pagination: { page: number; limit: number; hasMore: boolean } };

/** GET /api/feed/analytics: the community in figures, and the member's own share of it. */
export type FeedAnalytics = {
  totals: {
    posts: number;
    members: number;
    likes: number;
    comments: number;
    shares: number;
    views: number;
  };
  categories: { category: string; posts: number }[];
  post_types: { post_type: string; posts: number }[];
  trending_tags: { tag: string; posts: number }[];
  upcoming_events: number;
  you: {
    posts: number;
    likes_received: number;
    following: number;
    followers: number;
  };
};

/** A member's feed preferences. */
export type Preferences = {
  categories: string[];
  post_types: string[];
  location: string | null;
};

/** An author worth following, and why. */
export type RecommendedMember = {
  id: number;
  username: string;
  author_type: string;
  is_verified: boolean;
  recent_posts: number;
  followers_count: number;
  top_category: string;
  reason: string;
};

/** What the community page's URL asks for (read by communityViewSchema). */
export type CommunityView = z.output<typeof communityViewSchema>;

/** The page's posts: one page of the tab's feed or of the search, or the welcome post with an error. */
export type FeedSlice = { posts: FeedPost[]; hasMore: boolean; error?: string };

/** The post whose likes are listed in the likes dialog (without JavaScript too). */
export type OpenLikes = { post: { id: number; title: string }; likes: LikesPage } | { missing: true };

/** The post opened in the post dialog, with its comments. */
export type OpenPost = { post: FeedPost; comments: CommentView[] } | { missing: true };

type CommunityAnswer = {
  intent: string;
  /** The text the member typed, to fill the create dialog again after a refusal without JavaScript. */
  values?: Record<string, unknown>;
  post?: FeedPost;
  comment?: CommentView;
  /** A post or a comment the member just deleted. */
  deletedPostId?: number;
  deletedCommentId?: number;
  following?: boolean;
  authorId?: number;
  /** The post the form was sent from, to come back to it without JavaScript. */
  anchorPostId?: number;
  /** A toast for the page the member lands on when no script runs. */
  toast?: { type: "success" | "error"; title: string };
};
/** What every form of the community page answers: the one result shape, told apart by `intent`. */
export type CommunityActionResult = FormResult<CommunityAnswer, CommunityAnswer>;
