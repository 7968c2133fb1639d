/**
 * The community's vocabulary: the values a post, a feed and an interaction can take, how they
 * are labelled, and the limits every part of the community (form, action, API, queries) shares.
 * Plain values only, so the browser and the server read the same list.
 */

export const CATEGORIES = [
  "recycling",
  "composting",
  "upcycling",
  "renewable_energy",
  "transportation",
  "food_waste",
  "plastic_reduction",
  "gardening",
  "diy_projects",
  "community_action",
  "education",
  "policy",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const POST_TYPES = ["general", "tip", "project", "question", "event", "news", "achievement"] as const;

export const DIFFICULTY_LEVELS = ["easy", "medium", "hard"] as const;
export const TIME_RANGES = ["all", "today", "week", "month"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const FEED_KINDS = ["personalized", "trending", "local", "following"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const SORT_ORDERS = ["score", "recent", "popular"] as const;
export const INTERACTION_TYPES = ["like", "share", "view", "comment", "save"] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** The community page's tabs and the feed each reads. */
export const COMMUNITY_TABS = [
  { id: "for-you", label: "For You", feed: "personalized" },
  { id: "trending", label: "Trending", feed: "trending" },
  { id: "local", label: "Local", feed: "local" },
  { id: "following", label: "Following", feed: "following" },
] as const satisfies readonly { id: string; label: string; feed: FeedKind }[];
export type CommunityTab = (typeof COMMUNITY_TABS)[number]["id"];
/** Beside the feeds, the member's own bookmarks: the posts they saved, newest saved first. */
export const SAVED_TAB = { id: "saved", label: "Saved" } as const;
export type CommunityViewTab = CommunityTab | typeof SAVED_TAB.id;

/** "renewable_energy" -> "Renewable Energy". */
export const labelOf = (value: string) =>
  value
    .split("_")
    .map((word) => (word === "diy" ? "DIY" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");

/** A page of the feed, and of a search, holds 10 posts. */
export const FEED_PAGE_SIZE = 10;
export const MAX_FEED_PAGE_SIZE = 50;
export const MAX_MEDIA_FILES = 5;
export { MAX_MEDIA_BYTES } from "~/vocabulary/media";
export const MAX_THUMBNAILS = 4;
export const PREVIEW_LENGTH = 300;
export const MAX_TAGS = 10;
export const MAX_IMPACT_ENTRIES = 10;
/** Members shown a page in a post's list of likes. */
export const LIKES_PAGE_SIZE = 20;

/** How far from its place Local looks: a town and its surroundings. */
export const LOCAL_RADIUS_KM = 50;
