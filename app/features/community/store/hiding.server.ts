import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { postComments, posts } from "../../../../db/schema";
import { communityChanged } from "../cache.server";
import type { Db } from "~/services/database/db.server";

/**
 * Moderators hiding and restoring posts and comments (the moderation module decides when; who
 * still sees them is services/access.server's seesHidden). Each call runs in the moderator's
 * transaction and changes a row only when its state changes, so a double click or two admins at
 * once move it once. A hidden comment leaves its post's comments_count (a count every member
 * sees) and a restored one comes back into it; deleting a hidden comment does not count it twice.
 */

export type HiddenThing = { ownerId: number; title: string; postId: number };

/** Hides (or restores) a post; the post's author and title, or null when it does not exist or was already so. */
export async function setPostHidden(tx: Db, postId: number, hidden: boolean): Promise<HiddenThing | null> {
  const row = await tx
    .update(posts)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(posts.id, postId), hidden ? isNull(posts.hiddenAt) : isNotNull(posts.hiddenAt)))
    .returning({ ownerId: posts.authorId, title: posts.title, postId: posts.id })
    .get();
  return row ?? null;
}

/** Hides (or restores) a comment, moving its post's comments_count with it; null when nothing changed. */
export async function setCommentHidden(tx: Db, commentId: number, hidden: boolean): Promise<HiddenThing | null> {
  const row = await tx
    .update(postComments)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(postComments.id, commentId), hidden ? isNull(postComments.hiddenAt) : isNotNull(postComments.hiddenAt)))
    .returning({ ownerId: postComments.authorId, postId: postComments.postId, content: postComments.content })
    .get();
  if (!row) return null;
  await tx
    .update(posts)
    .set({ commentsCount: hidden ? sql`max(0, ${posts.commentsCount} - 1)` : sql`${posts.commentsCount} + 1` })
    .where(eq(posts.id, row.postId))
    .run();
  return { ownerId: row.ownerId, postId: row.postId, title: row.content };
}

/** After the moderator's transaction: lists and figures drop the post (or take it back), its body is read afresh. */
export async function postVisibilityChanged(postId: number) {
  communityChanged({ edited: postId });
}
