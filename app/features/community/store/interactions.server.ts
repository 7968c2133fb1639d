import { and, eq, gte, ne, sql } from "drizzle-orm";
import { postComments, postInteractions, posts } from "../../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { transaction, type Db, changedRows } from "~/services/database/db.server";
import { notify } from "~/features/notifications/notify.server";
import { likeFoldKey } from "~/features/notifications/rules";
import { takeAllowance, type PublishingRefused } from "../allowance.server";
import { communityChanged } from "../cache.server";
import { getComment } from "./comments.server";
import { messages } from "../messages";
import { getPost, isPostVisible } from "./post-reads.server";
import type { InteractionType } from "../vocabulary";
import type { CommentView, FeedPost } from "../wire";

/**
 * A member acting on a post: like, save, share, view and comment. Each is one transaction that
 * writes the interaction's rows and moves the post's counter with them, so a counter always
 * equals its rows: likes_count the like rows, shares_count and views_count the share and view
 * rows, comments_count the comments.
 */

/** The counter each non-toggling interaction adds one to. */
const COUNTER_OF = {
  share: "sharesCount",
  view: "viewsCount",
  comment: "commentsCount",
} as const;

type InteractionOutcome =
  { ok: true; post: FeedPost; comment?: CommentView } | { ok: false; reason: "not-found"; message: string } | PublishingRefused;

/**
 * like and save toggle (a second like takes the first back); share and view count once per
 * member and post (the interaction's row is the record), so repeating one cannot lift a post up
 * Trending; comment adds a comment and one to the count, within the member's allowance of
 * comments. The answer carries the new counts. A post the member may not see answers like a
 * missing one.
 */
export async function recordInteraction(
  viewer: Viewer,
  postId: number,
  type: InteractionType,
  content?: string,
): Promise<InteractionOutcome> {
  const userId = viewer.id;
  let commentId: number | undefined;
  const write = () =>
    transaction(async (tx): Promise<boolean | PublishingRefused> => {
      if (!(await isPostVisible(viewer, postId))) return false;
      const key = and(eq(postInteractions.userId, userId), eq(postInteractions.postId, postId), eq(postInteractions.type, type));
      if (type === "like" || type === "save") {
        const removed = changedRows(await tx.delete(postInteractions).where(key).run()) > 0;
        if (!removed) await tx.insert(postInteractions).values({ userId, postId, type }).run();
        if (type === "like") {
          if (!removed) {
            // The author hears of it; likes on one post in one day fold into one notification.
            const post = await tx
              .select({ authorId: posts.authorId, title: posts.title })
              .from(posts)
              .where(eq(posts.id, postId))
              .get();
            if (post) {
              const now = new Date();
              // The fold counts the members whose like of the day still stands, each once.
              const dayStart = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
              const { likers } = (await tx
                .select({ likers: sql<number>`count(*)` })
                .from(postInteractions)
                .where(
                  and(
                    eq(postInteractions.postId, postId),
                    eq(postInteractions.type, "like"),
                    ne(postInteractions.userId, post.authorId),
                    gte(postInteractions.createdAt, new Date(dayStart)),
                  ),
                )
                .get())!;
              await notify(tx, {
                recipientId: post.authorId,
                type: "like",
                actorId: userId,
                subjectType: "post",
                subjectId: postId,
                excerpt: post.title,
                foldKey: likeFoldKey(postId, now),
                actors: likers,
              });
            }
          }
          await tx
            .update(posts)
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
        // Counted in this transaction (the counters are rows): a rollback gives it back.
        const allowance = await takeAllowance("comment", userId);
        if (!allowance.ok) return allowance;
        [{ id: commentId }] = await tx
          .insert(postComments)
          .values({ postId, authorId: userId, content: content ?? "" })
          .returning({ id: postComments.id })
          .all();
        await tellAboutComment(tx, postId, userId);
      }
      const first =
        changedRows(await tx.insert(postInteractions).values({ userId, postId, type }).onConflictDoNothing().run()) > 0;
      if (!first && type !== "comment") return true;
      const counter = COUNTER_OF[type];
      await tx
        .update(posts)
        .set({ [counter]: sql`${posts[counter]} + 1` })
        .where(eq(posts.id, postId))
        .run();
      return true;
    });
  const outcome = await write();
  if (outcome === false) return { ok: false, reason: "not-found", message: messages.postNotFound };
  if (outcome !== true) return outcome;
  communityChanged("interaction");
  const post = (await getPost(postId, viewer))!;
  return commentId === undefined ? { ok: true, post } : { ok: true, post, comment: (await getComment(commentId, viewer))! };
}

/**
 * A new comment: the post's author hears "commented on", and everyone else who commented on the
 * post before hears "also commented on" (never the commenter, and the author only once).
 */
async function tellAboutComment(tx: Db, postId: number, commenterId: number) {
  const post = await tx.select({ authorId: posts.authorId, title: posts.title }).from(posts).where(eq(posts.id, postId)).get();
  if (!post) return;
  const event = { actorId: commenterId, subjectType: "post", subjectId: postId, excerpt: post.title } as const;
  await notify(tx, { ...event, recipientId: post.authorId, type: "comment" });
  const others = await tx
    .selectDistinct({ id: postComments.authorId })
    .from(postComments)
    .where(and(eq(postComments.postId, postId), ne(postComments.authorId, commenterId), ne(postComments.authorId, post.authorId)))
    .all();
  for (const { id } of others) await notify(tx, { ...event, recipientId: id, type: "reply" });
}
