import { z } from "~/lib/zod";
import { INTERACTION_TYPES } from "./vocabulary";

/**
 * What the community's API answers, as schemas (wire.ts has the same shapes as types): the OpenAPI
 * document is built from these, and the integration tests check every answer against them.
 */

const pagination = z.object({ page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });

export const feedPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  post_type: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  media_urls: z.array(z.string()),
  media: z.array(z.object({ url: z.string(), type: z.string() })),
  location_name: z.string().nullable(),
  is_local_event: z.boolean(),
  event_date: z.string().nullable(),
  difficulty_level: z.string().nullable(),
  estimated_time: z.string().nullable(),
  environmental_impact: z.record(z.string(), z.string()),
  author_id: z.number().int(),
  author_name: z.string(),
  author_type: z.string(),
  is_verified: z.boolean(),
  is_featured: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  views_count: z.number().int(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  event_id: z.number().int().nullable().describe("The event its organiser shared with this post; null for any other post"),
  is_hidden: z.boolean(),
  user_interacted: z.record(z.enum(INTERACTION_TYPES), z.boolean()),
  is_reported: z.boolean(),
  score: z.number().nullable(),
});

export const feedPageSchema = z.object({ posts: z.array(feedPostSchema), pagination });

export const commentViewSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  content: z.string(),
  author_id: z.number().int(),
  author_name: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  is_hidden: z.boolean(),
  is_reported: z.boolean(),
});

export const commentPageSchema = z.object({ comments: z.array(commentViewSchema), hasMore: z.boolean() });

export const likesPageAnswerSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), username: z.string(), liked_at: z.string() })),
  pagination,
});

const count = z.number().int();
export const feedAnalyticsSchema = z.object({
  totals: z.object({ posts: count, members: count, likes: count, comments: count, shares: count, views: count }),
  categories: z.array(z.object({ category: z.string(), posts: count })),
  post_types: z.array(z.object({ post_type: z.string(), posts: count })),
  trending_tags: z.array(z.object({ tag: z.string(), posts: count })),
  upcoming_events: count,
  you: z.object({ posts: count, likes_received: count, following: count, followers: count }),
});

export const preferencesViewSchema = z.object({
  categories: z.array(z.string()),
  post_types: z.array(z.string()),
  location: z.string().nullable(),
});

export const recommendedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  author_type: z.string(),
  is_verified: z.boolean(),
  recent_posts: count,
  followers_count: count,
  top_category: z.string(),
  reason: z.string(),
});

/** GET /api/users/blocked. */
export const blockedPageSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), username: z.string(), blocked_at: z.string() })),
  pagination: pagination.extend({ total: count }),
});
