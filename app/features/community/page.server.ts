import { z } from "~/lib/zod";
import type { Viewer } from "~/services/access.server";
import type { SessionUser } from "~/services/session.server";
import { logError } from "~/services/log.server";
import { fieldErrors } from "~/lib/forms";
import { listLikers, listSavedPosts } from "./store/bookmarks.server";
import { listComments } from "./store/comments.server";
import { getFeed, searchPosts } from "./store/feed.server";
import { recordInteraction } from "./store/interactions.server";
import { followedAuthorIds, recommendMembers, setFollowing } from "./store/members.server";
import { messages } from "./messages";
import { deleteComment, editComment } from "./post-edits.server";
import { getPost } from "./store/post-reads.server";
import { readPostSubmission } from "./post-submission.server";
import { createPost } from "./store/posts.server";
import { getPreferences } from "./store/preferences.server";
import { commentSchema, communityViewSchema, createPostSchema } from "./schemas";
import { COMMUNITY_TABS, FEED_PAGE_SIZE, LIKES_PAGE_SIZE, SAVED_TAB } from "./vocabulary";
import type { CommunityActionResult, CommunityView, FeedPost, FeedSlice, OpenLikes, OpenPost } from "./wire";

/**
 * The community page's server side: what the URL asks for (tab, filters, search, page, an open
 * post, the create dialog) and what its forms do. Hand-edited URLs never fail: a value the page
 * does not know falls back to its default.
 */

function readCommunityView(url: URL): CommunityView {
  return communityViewSchema.parse(Object.fromEntries(url.searchParams));
}

/** When the feed cannot be loaded, a single featured welcome post from the team shows. */
const sampleWelcomePost: FeedPost = {
  id: 0,
  title: "Welcome to the Circular Hub community!",
  content:
    "This is the place where collectors, recyclers, buyers and logistics teams share what works. Post a tip, show a project, ask a question or announce a local event.",
  post_type: "news",
  category: "community_action",
  tags: ["welcome", "community"],
  media_urls: [],
  media: [],
  location_name: null,
  is_local_event: false,
  event_date: null,
  difficulty_level: null,
  estimated_time: null,
  environmental_impact: {},
  author_id: 0,
  author_name: "Circular Hub Team",
  author_type: "admin",
  is_verified: true,
  is_featured: true,
  likes_count: 0,
  comments_count: 0,
  shares_count: 0,
  views_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  edited_at: null,
  event_id: null,
  is_hidden: false,
  user_interacted: { like: false, save: false, share: false, view: false, comment: false },
  is_reported: false,
  score: null,
};

/**
 * One page of the tab's feed, or of the search: 10 posts, and a search pages like the feed (a
 * member looking for something should not meet 30 results at once). When the feed cannot be read,
 * the sample welcome post shows with the error.
 */
async function loadFeedSlice(view: CommunityView, viewer: Viewer): Promise<FeedSlice> {
  try {
    const { posts, pagination } = view.search
      ? await searchPosts(
          { query: view.search, category: view.category, post_type: view.postType, page: view.page, limit: FEED_PAGE_SIZE },
          viewer,
        )
      : view.tab === SAVED_TAB.id
        ? await listSavedPosts(viewer, { page: view.page, limit: FEED_PAGE_SIZE })
        : await loadFeed(view, viewer);
    // More pages only while a page returns exactly 10 posts.
    return { posts, hasMore: pagination.hasMore && posts.length === FEED_PAGE_SIZE };
  } catch (error) {
    logError("Loading the community feed failed", error);
    return { posts: [sampleWelcomePost], hasMore: false, error: view.search ? messages.searchFailed : messages.loadFailed };
  }
}

/** One page of a tab's feed, with its filters. */
async function loadFeed(view: CommunityView, viewer: Viewer) {
  const tab = COMMUNITY_TABS.find((candidate) => candidate.id === view.tab) ?? COMMUNITY_TABS[0];
  return await getFeed(
    tab.feed,
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
    viewer,
  );
}

/** Who liked a post, for the likes dialog: a page of LIKES_PAGE_SIZE members. */
async function openLikes(postId: number, page: number, viewer: Viewer): Promise<OpenLikes> {
  const post = await getPost(postId, viewer);
  const likes = post ? await listLikers(viewer, postId, { page, limit: LIKES_PAGE_SIZE }) : null;
  return post && likes ? { post: { id: post.id, title: post.title }, likes } : { missing: true };
}

/** The post opened in the post dialog; opening it records a view. */
async function openPost(postId: number, viewer: Viewer): Promise<OpenPost> {
  const outcome = await recordInteraction(viewer, postId, "view");
  if (!outcome.ok) return { missing: true };
  return { post: outcome.post, comments: (await listComments(postId, viewer, { limit: 50 }))?.comments ?? [] };
}

export async function loadCommunity(url: URL, user: SessionUser) {
  const view = readCommunityView(url);
  const feed = await loadFeedSlice(view, user);
  // After a post was published without JavaScript, it leads the list.
  if (view.created && view.page === 1 && !feed.error) {
    const created = await getPost(view.created, user);
    if (created) feed.posts = [created, ...feed.posts.filter((post) => post.id !== created.id)];
  }
  return {
    view,
    feed,
    opened: view.post ? await openPost(view.post, user) : null,
    likes: view.likes ? await openLikes(view.likes, view.likesPage, user) : null,

    preferredLocation: (await getPreferences(user.id)).location,
    viewerId: user.id,
    // Every card shows Follow or Unfollow for its author, posts loaded later included.
    following: await followedAuthorIds(user.id),
    // The address a shared link starts with, as the member reached the page.
    origin: url.origin,
    // The side panel shows on the first page; later pages are fetched only for their posts.
    recommendations: view.page === 1 ? (await recommendMembers(user)).slice(0, 5) : [],
    now: Date.now(),
  };
}

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Every form of the community page posts here, told apart by `intent`: the result, and the fields
 * as sent (the route's answer reads `_enhanced` and `returnTo` from them). A submission that could
 * not be read is a refused new post, with the fields read before it was refused (none when its
 * body itself was refused).
 */
export async function communityAction(
  request: Request,
  user: SessionUser,
): Promise<{ result: CommunityActionResult; fields: Record<string, unknown> }> {
  const submission = await readPostSubmission(request, user.id);
  if (!submission.ok) {
    const { reason, message, errors } = submission;
    return { result: { intent: "create", ok: false, reason, message, errors }, fields: submission.fields ?? {} };
  }
  try {
    return { result: await performIntent(submission.fields, submission.media, user), fields: submission.fields };
  } finally {
    await submission.discard();
  }
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
      return { intent, ok: false, reason: "invalid", message: Object.values(errors)[0], errors, values: typedValues(fields) };
    }
    const outcome = await createPost(user, result.data, media);
    if (!outcome.ok)
      return { intent, ok: false, reason: outcome.reason, message: outcome.message, errors: {}, values: typedValues(fields) };
    return { intent, ok: true, post: outcome.post, toast: { type: "success", title: "Post published" } };
  }

  if (intent === "follow" || intent === "unfollow") {
    const authorId = idField.safeParse(fields.authorId);
    const postId = idField.safeParse(fields.postId);
    const anchorPostId = postId.success ? postId.data : undefined;
    if (!authorId.success)
      return { intent, ok: false, reason: "invalid", message: "Choose a member to follow.", errors: {}, anchorPostId };
    const outcome = await setFollowing(user.id, authorId.data, intent === "follow");
    if (!outcome.ok) return { intent, ok: false, reason: outcome.reason, message: outcome.message, errors: {}, anchorPostId };
    return {
      intent,
      ok: true,
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
    if (!postId.success) return { intent, ok: false, reason: "not-found", message: messages.postNotFound, errors: {} };
    let content: string | undefined;
    if (intent === "comment") {
      const comment = commentSchema.safeParse({ content: fields.content });
      if (!comment.success) {
        const errors = fieldErrors(comment.error);
        return { intent, ok: false, reason: "invalid", message: errors.content, errors };
      }
      content = comment.data.content;
    }
    const outcome = await recordInteraction(user, postId.data, intent, content);
    if (!outcome.ok) return { intent, ok: false, reason: outcome.reason, message: outcome.message, errors: {} };
    return {
      intent,
      ok: true,
      post: outcome.post,
      anchorPostId: postId.data,
      comment: outcome.comment,
      toast: intent === "comment" ? { type: "success", title: "Comment added" } : undefined,
    };
  }

  if (intent === "edit-comment" || intent === "delete-comment") {
    const postId = idField.safeParse(fields.postId);
    const commentId = idField.safeParse(fields.commentId);
    if (!postId.success || !commentId.success) {
      return { intent, ok: false, reason: "not-found", message: messages.commentNotFound, errors: {} };
    }
    const anchorPostId = postId.data;
    if (intent === "delete-comment") {
      const outcome = await deleteComment(user, postId.data, commentId.data);
      if (!outcome.ok) return { intent, ok: false, reason: outcome.reason, message: outcome.message, errors: {}, anchorPostId };
      return {
        intent,
        ok: true,
        post: outcome.post,
        deletedCommentId: commentId.data,
        anchorPostId,
        toast: { type: "success", title: outcome.message },
      };
    }
    const comment = commentSchema.safeParse({ content: fields.content });
    if (!comment.success) {
      const errors = fieldErrors(comment.error);
      return { intent, ok: false, reason: "invalid", message: errors.content, errors, anchorPostId };
    }
    const outcome = await editComment(user, postId.data, commentId.data, comment.data.content);
    if (!outcome.ok) return { intent, ok: false, reason: outcome.reason, message: outcome.message, errors: {}, anchorPostId };
    return {
      intent,
      ok: true,
      comment: outcome.comment,
      anchorPostId,
      toast: { type: "success", title: messages.commentUpdated },
    };
  }

  return { intent, ok: false, reason: "invalid", message: "Unknown action.", errors: {} };
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
  // A comment edited or deleted (or refused) leaves its form or confirmation behind, unless a refused
  // edit must show its message again beside the comment.
  if (result.ok || !result.intent.endsWith("-comment")) {
    target.searchParams.delete("editComment");
    target.searchParams.delete("deleteComment");
  }
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
