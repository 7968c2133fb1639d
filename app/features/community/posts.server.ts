import { and, desc, eq, lt, sql } from "drizzle-orm";
import { postComments, postInteractions, postMedia, posts, users } from "../../../db/schema";
import type { CreatePostInput, InteractionType } from "./community";
import { getDb } from "~/services/db.server";
import { forgetCachedLists, getPost, invalidateAnalytics, type FeedPost } from "./feed.server";
import { removeMedia, storeMedia, type AcceptedMedia, type StoredMedia } from "~/services/media.server";
import { checkPublishingRateLimit, publishingTooOftenMessage, type Publication } from "~/services/rate-limit.server";

/**
 * Writing to the community: new posts with their media, interactions and comments.
 * Every write is one transaction; files are written before it and removed if it fails, so a
 * refused or failed request leaves neither a row nor a file.
 */

/** A publication refused because the member has used up their hourly allowance. */
export type PublishingRefused = { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * Counts one publication against the member's allowance before it is stored, so two at once
 * cannot both take the last one; `giveBack` returns it when storing fails, since only stored
 * posts and comments count (decision 007).
 */
function takeAllowance(kind: Publication, userId: number): { ok: true; giveBack: () => void } | PublishingRefused {
  const allowance = checkPublishingRateLimit(kind, userId);
  if (allowance.allowed) return { ok: true, giveBack: allowance.release };
  const { retryAfterSeconds } = allowance;
  return { ok: false, status: 429, message: publishingTooOftenMessage(kind, retryAfterSeconds), retryAfterSeconds };
}

/** Publishes a valid post (see createPostSchema) with its media, within the author's allowance. */
export async function createPost(
  authorId: number,
  input: CreatePostInput,
  media: AcceptedMedia[],
): Promise<{ ok: true; post: FeedPost } | PublishingRefused> {
  // Counted before any file is written, so a refused post writes none.
  const allowance = takeAllowance("post", authorId);
  if (!allowance.ok) return allowance;
  let stored: StoredMedia[] = [];
  let postId: number;
  try {
    stored = await storeMedia(media);
    postId = getDb().transaction((tx) => {
      const [{ id }] = tx
        .insert(posts)
        .values({
          authorId,
          title: input.title,
          content: input.content,
          postType: input.post_type,
          category: input.category,
          tags: JSON.stringify(input.tags),
          locationName: input.location_name,
          isLocalEvent: input.is_local_event,
          eventDate: input.event_date,
          difficultyLevel: input.difficulty_level,
          estimatedTime: input.estimated_time,
          environmentalImpact: JSON.stringify(input.environmental_impact),
        })
        .returning({ id: posts.id })
        .all();
      stored.forEach((file, position) => {
        tx.insert(postMedia)
          .values({ postId: id, position, ...file })
          .run();
      });
      return id;
    });
  } catch (error) {
    // Not stored (storeMedia removes what it wrote when it fails), so not counted either.
    allowance.giveBack();
    await removeMedia(stored);
    throw error;
  }
  invalidateAnalytics();
  forgetCachedLists();
  return { ok: true, post: getPost(postId, authorId)! };
}

/** The counter each non-toggling interaction adds one to. */
const COUNTER_OF = {
  share: "sharesCount",
  view: "viewsCount",
  comment: "commentsCount",
} as const;

export type InteractionOutcome =
  | { ok: true; post: FeedPost; comment?: CommentView }
  | { ok: false; status: 404; message: string }
  | PublishingRefused;

export const POST_NOT_FOUND = "This post does not exist or was removed.";

/**
 * like and save toggle (a second like takes the first back); share and view count once per
 * member and post (the interaction's row is the record), so repeating one cannot lift a post up
 * Trending; comment adds a comment and one to the count, within the member's allowance of
 * comments. The answer carries the new counts.
 */
export function recordInteraction(
  userId: number,
  postId: number,
  type: InteractionType,
  content?: string,
): InteractionOutcome {
  const db = getDb();
  let commentId: number | undefined;
  let giveBackAllowance: (() => void) | undefined;
  const write = () => db.transaction((tx): boolean | PublishingRefused => {
    const post = tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).get();
    if (!post) return false;
    const key = and(
      eq(postInteractions.userId, userId),
      eq(postInteractions.postId, postId),
      eq(postInteractions.type, type),
    );
    if (type === "like" || type === "save") {
      const removed = tx.delete(postInteractions).where(key).run().changes > 0;
      if (!removed) tx.insert(postInteractions).values({ userId, postId, type }).run();
      if (type === "like") {
        tx.update(posts)
          .set({
            likesCount: sql`max(0, ${posts.likesCount} + ${removed ? -1 : 1})`,
          })
          .where(eq(posts.id, postId))
          .run();
      }
      return true;
    }
    if (type === "comment") {
      // Only a comment on an existing post counts against the allowance.
      const allowance = takeAllowance("comment", userId);
      if (!allowance.ok) return allowance;
      giveBackAllowance = allowance.giveBack;
      [{ id: commentId }] = tx
        .insert(postComments)
        .values({ postId, authorId: userId, content: content ?? "" })
        .returning({ id: postComments.id })
        .all();
    }
    const first = tx.insert(postInteractions).values({ userId, postId, type }).onConflictDoNothing().run().changes > 0;
    if (!first && type !== "comment") return true;
    const counter = COUNTER_OF[type];
    tx.update(posts)
      .set({ [counter]: sql`${posts[counter]} + 1` })
      .where(eq(posts.id, postId))
      .run();
    return true;
  });
  let outcome: boolean | PublishingRefused;
  try {
    outcome = write();
  } catch (error) {
    // Rolled back: the comment was not stored, so it does not count.
    giveBackAllowance?.();
    throw error;
  }
  if (outcome === false) return { ok: false, status: 404, message: POST_NOT_FOUND };
  if (outcome !== true) return outcome;
  const post = getPost(postId, userId)!;
  return commentId === undefined ? { ok: true, post } : { ok: true, post, comment: getComment(commentId)! };
}

export type CommentView = {
  id: number;
  post_id: number;
  content: string;
  author_id: number;
  author_name: string;
  created_at: string;
};

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  content: postComments.content,
  authorId: postComments.authorId,
  authorName: users.username,
  createdAt: postComments.createdAt,
};

const toCommentView = (row: {
  id: number;
  postId: number;
  content: string;
  authorId: number;
  authorName: string;
  createdAt: Date;
}): CommentView => ({
  id: row.id,
  post_id: row.postId,
  content: row.content,
  author_id: row.authorId,
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
});

function getComment(commentId: number) {
  const row = getDb()
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(eq(postComments.id, commentId))
    .get();
  return row && toCommentView(row);
}

/** Comments of a post, newest first, paged by the id of the last one seen. */
export function listComments(postId: number, { before, limit }: { before?: number; limit: number }) {
  const db = getDb();
  if (!db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).get()) return null;
  const rows = db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(before ? and(eq(postComments.postId, postId), lt(postComments.id, before)) : eq(postComments.postId, postId))
    .orderBy(desc(postComments.id))
    .limit(limit + 1)
    .all();
  return {
    comments: rows.slice(0, limit).map(toCommentView),
    hasMore: rows.length > limit,
  };
}
