import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  commentListQuerySchema,
  commentSchema,
  createPostSchema,
  editPostSchema,
  feedQuerySchema,
  interactionSchema,
  likesPageSchema,
  searchQuerySchema,
} from "~/features/community/schemas";
import {
  commentPageSchema,
  commentViewSchema,
  feedAnalyticsSchema,
  feedPageSchema,
  feedPostSchema,
  likesPageAnswerSchema,
} from "~/features/community/answers";
import { CATEGORIES, FEED_KINDS, INTERACTION_TYPES, MAX_MEDIA_FILES } from "~/features/community/vocabulary";

const postAnswer = successAnswer({ message: z.string(), data: z.object({ post: feedPostSchema }) });
const hidden = { 403: "Not the author (of a post the caller can see).", 404: "No such post, or one the caller cannot see." };
const MEDIA = `Files media_0..media_${MAX_MEDIA_FILES - 1} (images and videos); lists and objects as JSON text.`;

/** Posts, comments, likes and the feeds. */
export const communityPaths: ApiPath[] = [
  {
    path: "/api/feed/search",
    operations: {
      get: {
        summary: "Searches posts (query, category, post_type).",
        access: "member",
        query: searchQuerySchema,
        answers: { 200: successAnswer({ data: feedPageSchema }) },
      },
    },
  },
  {
    path: "/api/feed/analytics",
    operations: {
      get: {
        summary: "The community's figures and the caller's.",
        access: "member",
        answers: { 200: successAnswer({ data: feedAnalyticsSchema }) },
      },
    },
  },
  {
    path: "/api/feed/category/{category}",
    params: { category: z.enum(CATEGORIES) },
    operations: {
      get: {
        summary: "For You with the category fixed by the path.",
        access: "member",
        query: feedQuerySchema,
        answers: { 200: successAnswer({ data: feedPageSchema }) },
      },
    },
  },
  {
    path: "/api/feed/{feed}",
    params: { feed: z.enum(FEED_KINDS) },
    operations: {
      get: {
        summary: "One of the four feeds.",
        access: "member",
        query: feedQuerySchema,
        answers: { 200: successAnswer({ data: feedPageSchema }) },
        errors: { 404: "There is no such feed." },
      },
    },
  },
  {
    path: "/api/posts",
    operations: {
      post: {
        summary: "Publishes a post (multipart).",
        access: "member",
        multipart: { fields: createPostSchema, files: MEDIA },
        answers: { 201: postAnswer },
        errors: { 429: "Past the hourly allowance (Retry-After)." },
      },
    },
  },
  {
    path: "/api/posts/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "A post.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ post: feedPostSchema }) }) },
        errors: { 404: hidden[404] },
      },
      patch: {
        summary: "Edits a post, by its author: JSON, or multipart with added files and `remove_media`.",
        access: "member",
        body: editPostSchema,
        multipart: { fields: editPostSchema, files: `${MEDIA} remove_media: the URLs of media to remove.` },
        answers: { 200: postAnswer },
        errors: hidden,
      },
      delete: {
        summary: "Deletes a post, by its author.",
        access: "member",
        answers: { 200: successAnswer({ message: z.string() }) },
        errors: hidden,
      },
    },
  },
  {
    path: "/api/posts/{id}/interactions",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary: "Likes, shares, views, comments on or saves a post (like and save toggle).",
        access: "member",
        body: interactionSchema,
        answers: {
          200: successAnswer({
            data: z.object({
              post: feedPostSchema,
              user_interacted: z.record(z.enum(INTERACTION_TYPES), z.boolean()),
              comment: commentViewSchema.optional(),
            }),
          }),
        },
        errors: {
          403: "A block stands between the caller and the author.",
          404: hidden[404],
          429: "Past the hourly allowance (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/posts/{id}/comments",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "A post's comments, newest first; `before` pages back.",
        access: "member",
        query: commentListQuerySchema,
        answers: { 200: successAnswer({ data: commentPageSchema }) },
        errors: { 404: hidden[404] },
      },
      post: {
        summary: "Comments on a post.",
        access: "member",
        body: commentSchema,
        answers: { 201: successAnswer({ data: z.object({ comment: commentViewSchema, post: feedPostSchema }) }) },
        errors: {
          403: "A block stands between the caller and the author.",
          404: hidden[404],
          429: "Past the hourly allowance (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/posts/{id}/comments/{comment_id}",
    params: { id: pathIdSchema, comment_id: pathIdSchema },
    operations: {
      patch: {
        summary: "Edits a comment, by its author.",
        access: "member",
        body: commentSchema,
        answers: { 200: successAnswer({ message: z.string(), data: z.object({ comment: commentViewSchema }) }) },
        errors: { 403: "Not the author.", 404: "No such comment, or one the caller cannot see." },
      },
      delete: {
        summary: "Deletes a comment, by its author.",
        access: "member",
        answers: { 200: successAnswer({ message: z.string(), data: z.object({ post: feedPostSchema }) }) },
        errors: { 403: "Not the author.", 404: "No such comment, or one the caller cannot see." },
      },
    },
  },
  {
    path: "/api/posts/{id}/likes",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "Who liked the post, newest like first.",
        access: "member",
        query: likesPageSchema,
        answers: { 200: successAnswer({ data: likesPageAnswerSchema }) },
        errors: { 404: hidden[404] },
      },
    },
  },
];
