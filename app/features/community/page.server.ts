import { z } from "~/lib/zod";
import {
  CATEGORIES,
  COMMUNITY_TABS,
  commentSchema,
  createPostSchema,
  FEED_PAGE_SIZE,
  messages,
  POST_TYPES,
  sampleWelcomePost,
  TIME_RANGES,
  type CommunityTab,
} from "~/features/community/community";
import { getFeed, getPost, searchPosts, type FeedPost } from "~/features/community/feed.server";
import { fieldErrors, type FormResult } from "~/lib/forms";
import { readPostSubmission } from "~/services/media.server";
import { followedAuthorIds, getPreferences, recommendMembers, setFollowing } from "~/features/community/members.server";
import { createPost, listComments, recordInteraction, type CommentView } from "~/features/community/posts.server";
import type { SessionUser } from "~/services/session.server";
import { logError } from "~/services/log.server";

/**
 * The community page's server side: what the URL asks for (tab, filters, search, page, an open
 * post, the create dialog) and what its forms do. Hand-edited URLs never fail: a value the page
 * does not know falls back to its default.
 */

const optionalNumber = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || undefined)
    .catch(undefined);

export const communityViewSchema = z.object({
  tab: z.enum(COMMUNITY_TABS.map((tab) => tab.id) as [CommunityTab, ...CommunityTab[]]).catch("for-you"),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  postType: z.enum(POST_TYPES).optional().catch(undefined),
  timeRange: z.enum(TIME_RANGES).catch("all"),
  search: optionalText(200),
  location: optionalText(100),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
  post: optionalNumber,
  created: optionalNumber,
  /** A post just shared without JavaScript: its card shows the link to copy. */
  shared: optionalNumber,
  compose: z.literal("1").optional().catch(undefined),
});
export type CommunityView = z.output<typeof communityViewSchema>;

export function readCommunityView(url: URL): CommunityView {
  return communityViewSchema.parse(Object.fromEntries(url.searchParams));
}

export type FeedSlice = { posts: FeedPost[]; hasMore: boolean; error?: string };

/**
 * One page of the tab's feed, or of the search: 10 posts, and a search pages like the feed (a
 * member looking for something should not meet 30 results at once). When the feed cannot be read,
 * the spec's sample welcome post shows with the error.
 */
export function loadFeedSlice(view: CommunityView, userId: number): FeedSlice {
  try {
    const { posts, pagination } = view.search
      ? searchPosts(
          { query: view.search, category: view.category, post_type: view.postType, page: view.page, limit: FEED_PAGE_SIZE },
          userId,
        )
      : getFeed(
          COMMUNITY_TABS.find((tab) => tab.id === view.tab)!.feed,
          {
            page: view.page,
            limit: FEED_PAGE_SIZE,
            category: view.category,
            postType: view.postType,
            timeRange: view.timeRange,
            search: undefined,
            location: view.location,
            sortBy: "score",
          },
          userId,
        );
    // Spec §9: more pages only while a page returns exactly 10 posts.
    return { posts, hasMore: pagination.hasMore && posts.length === FEED_PAGE_SIZE };
  } catch (error) {
    logError("Loading the community feed failed", error);
    return { posts: [sampleWelcomePost], hasMore: false, error: view.search ? messages.searchFailed : messages.loadFailed };
  }
}

export type OpenPost = { post: FeedPost; comments: CommentView[] } | { missing: true };

/** The post opened in the post dialog; opening it records a view. */
function openPost(postId: number, userId: number): OpenPost {
  const outcome = recordInteraction(userId, postId, "view");
  if (!outcome.ok) return { missing: true };
  return { post: outcome.post, comments: listComments(postId, { limit: 50 })?.comments ?? [] };
}

export function loadCommunity(url: URL, user: SessionUser) {
  const view = readCommunityView(url);
  const feed = loadFeedSlice(view, user.id);
  // After a post was published without JavaScript, it leads the list (spec §4).
  if (view.created && view.page === 1 && !feed.error) {
    const created = getPost(view.created, user.id);
    if (created) feed.posts = [created, ...feed.posts.filter((post) => post.id !== created.id)];
  }
  return {
    view,
    feed,
    opened: view.post ? openPost(view.post, user.id) : null,
    preferredLocation: getPreferences(user.id).location,
    viewerId: user.id,
    // Every card shows Follow or Unfollow for its author, posts loaded later included.
    following: followedAuthorIds(user.id),
    // The address a shared link starts with, as the member reached the page.
    origin: url.origin,
    // The side panel shows on the first page; later pages are fetched only for their posts.
    recommendations: view.page === 1 ? recommendMembers(user.id).slice(0, 5) : [],
    now: Date.now(),
  };
}

type CommunityAnswer = {
  intent: string;
  /** The HTTP status the community's modules chose for it (they have not moved to reasons yet). */
  status: number;
  /** The text the member typed, to fill the create dialog again after a refusal without JavaScript. */
  values?: Record<string, unknown>;
  post?: FeedPost;
  comment?: CommentView;
  following?: boolean;
  authorId?: number;
  /** The post the form was sent from, to come back to it without JavaScript. */
  anchorPostId?: number;
  /** A toast for the page the member lands on when no script runs. */
  toast?: { type: "success" | "error"; title: string };
};
/** What every form of the community page answers: the one result shape, told apart by `intent`. */
export type CommunityActionResult = FormResult<CommunityAnswer, CommunityAnswer>;

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Every form of the community page posts here, told apart by `intent`: the result, and the fields
 * as sent (the route's answer reads `_enhanced` and `returnTo` from them). A submission that could
 * not be read is a refused new post, with no fields.
 */
export async function communityAction(
  request: Request,
  user: SessionUser,
): Promise<{ result: CommunityActionResult; fields: Record<string, unknown> }> {
  const submission = await readPostSubmission(request);
  if (!submission.ok) {
    const { status, message, errors = {} } = submission;
    return { result: { intent: "create", ok: false, status, message, errors }, fields: {} };
  }
  return { result: await performIntent(submission.fields, submission.media, user), fields: submission.fields };
}

async function performIntent(
  fields: Record<string, unknown>,
  media: Parameters<typeof createPost>[2],
  user: SessionUser,
): Promise<CommunityActionResult> {
  const intent = typeof fields.intent === "string" ? fields.intent : "create";

  if (intent === "create") {
    const result = createPostSchema.safeParse(fields);
    if (!result.success) {
      const errors = fieldErrors(result.error);
      return { intent, ok: false, status: 400, message: Object.values(errors)[0], errors, values: typedValues(fields) };
    }
    const outcome = await createPost(user.id, result.data, media);
    if (!outcome.ok) return { intent, ok: false, status: outcome.status, message: outcome.message, errors: {}, values: typedValues(fields) };
    return { intent, ok: true, status: 201, post: outcome.post, toast: { type: "success", title: "Post published" } };
  }

  if (intent === "follow" || intent === "unfollow") {
    const authorId = idField.safeParse(fields.authorId);
    const postId = idField.safeParse(fields.postId);
    const anchorPostId = postId.success ? postId.data : undefined;
    if (!authorId.success) return { intent, ok: false, status: 400, message: "Choose a member to follow.", errors: {}, anchorPostId };
    const outcome = setFollowing(user.id, authorId.data, intent === "follow");
    if (!outcome.ok) return { intent, ok: false, status: outcome.status, message: outcome.message, errors: {}, anchorPostId };
    return {
      intent,
      ok: true,
      status: 200,
      following: outcome.following,
      authorId: authorId.data,
      anchorPostId,
      toast: {
        type: "success",
        title: outcome.following ? `You now follow ${outcome.author_name}` : `You no longer follow ${outcome.author_name}`,
      },
    };
  }

  if (intent === "like" || intent === "save" || intent === "share" || intent === "comment") {
    const postId = idField.safeParse(fields.postId);
    if (!postId.success) return { intent, ok: false, status: 404, message: "This post does not exist or was removed.", errors: {} };
    let content: string | undefined;
    if (intent === "comment") {
      const comment = commentSchema.safeParse({ content: fields.content });
      if (!comment.success) {
        const errors = fieldErrors(comment.error);
        return { intent, ok: false, status: 400, message: errors.content, errors };
      }
      content = comment.data.content;
    }
    const outcome = recordInteraction(user.id, postId.data, intent, content);
    if (!outcome.ok) return { intent, ok: false, status: outcome.status, message: outcome.message, errors: {} };
    return {
      intent,
      ok: true,
      status: 200,
      post: outcome.post,
      anchorPostId: postId.data,
      comment: outcome.comment,
      toast: intent === "comment" ? { type: "success", title: "Comment added" } : undefined,
    };
  }

  return { intent, ok: false, status: 400, message: "Unknown action.", errors: {} };
}

/** What the member typed into the create dialog, to fill it again when the post is refused. */
function typedValues(fields: Record<string, unknown>) {
  const { title, content, post_type, category, tags, location_name, is_local_event, event_date } = fields;
  const { difficulty_level, estimated_time } = fields;
  return {
    title,
    content,
    post_type,
    category,
    tags,
    location_name,
    is_local_event,
    event_date,
    difficulty_level,
    estimated_time,
  };
}

/**
 * Where a form sent without JavaScript lands: the page it came from (`returnTo`, already through
 * safeRedirect), at the post it acted on. A new post leads the list (`created`); a shared post
 * shows its link to copy (`shared`).
 */
export function landingPath(result: CommunityActionResult, returnTo: string) {
  const target = new URL(returnTo, "http://local");
  target.searchParams.delete("compose");
  target.searchParams.delete("shared");
  if (result.intent === "create" && result.post) target.searchParams.set("created", String(result.post.id));
  let anchor = "";
  if (result.ok && result.intent === "share" && result.post) {
    target.searchParams.set("shared", String(result.post.id));
    anchor = `#share-${result.post.id}`;
  } else if (result.anchorPostId && !target.searchParams.has("post")) {
    // Back to the post that was liked, saved or whose author was followed, not the top of the page.
    anchor = `#post-${result.anchorPostId}`;
  }
  return `${target.pathname}${target.search}${anchor}`;
}
