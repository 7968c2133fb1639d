import { and, eq, inArray, sql } from "drizzle-orm";
import { pointColumns } from "~/services/places/gazetteer.server";
import { notifications, postComments, postInteractions, postMedia, posts } from "../../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, statement, transaction } from "~/services/database/db.server";
import type { StoredMedia } from "~/services/media.server";
import type { EditPostInput } from "../schemas";
import { isPostVisible } from "./post-reads.server";

/** The rows a member's edits and deletions of their posts and comments change (the rules are ../post-edits.server). */

/** The post as the rule needs it, when the viewer may see it; null otherwise. */
export async function postForChange(viewer: Viewer, postId: number) {
  if (!(await isPostVisible(viewer, postId))) return null;
  return (await statement(
    "SELECT id, author_id AS authorId, is_local_event AS isLocalEvent, event_date AS eventDate FROM posts WHERE id = ?",
  ).get(postId)) as { id: number; authorId: number; isLocalEvent: number; eventDate: number | null } | undefined;
}

export type MediaRow = { id: number; fileName: string; position: number };

/** The post's media, in their order. */
export async function mediaOfPost(postId: number): Promise<MediaRow[]> {
  return (await statement("SELECT id, file_name AS fileName, position FROM post_media WHERE post_id = ? ORDER BY position").all(
    postId,
  )) as MediaRow[];
}

/** The files the post's media are stored in. */
export async function mediaFilesOfPost(postId: number): Promise<{ fileName: string }[]> {
  return (await statement("SELECT file_name AS fileName FROM post_media WHERE post_id = ?").all(postId)) as {
    fileName: string;
  }[];
}

/** Columns of `posts` each edited field writes. */
const COLUMN_OF = {
  title: "title",
  content: "content",
  category: "category",
  post_type: "postType",
  tags: "tags",
  location_name: "locationName",
  is_local_event: "isLocalEvent",
  event_date: "eventDate",
  difficulty_level: "difficultyLevel",
  estimated_time: "estimatedTime",
  environmental_impact: "environmentalImpact",
} as const satisfies Record<keyof EditPostInput, keyof typeof posts.$inferInsert>;

/**
 * Writes a post's edit in one transaction: the fields given and edited_at, the media `gone`
 * removed and the `stored` ones added after those `kept`; `placeFiles` moves the new files into
 * place last, so a failure there rolls the rows back.
 */
export async function savePostEdit(
  postId: number,
  fields: EditPostInput,
  now: Date,
  { gone, stored, kept, placeFiles }: { gone: MediaRow[]; stored: StoredMedia[]; kept: MediaRow[]; placeFiles: () => void },
) {
  const values: Partial<typeof posts.$inferInsert> = { editedAt: now };
  for (const [field, value] of Object.entries(fields)) {
    (values as Record<string, unknown>)[COLUMN_OF[field as keyof EditPostInput]] = value;
  }
  if (fields.location_name !== undefined) Object.assign(values, pointColumns(fields.location_name));
  await transaction(async (tx) => {
    await tx.update(posts).set(values).where(eq(posts.id, postId)).run();
    if (gone.length) {
      await tx
        .delete(postMedia)
        .where(
          inArray(
            postMedia.id,
            gone.map((item) => item.id),
          ),
        )
        .run();
    }
    // New files follow the ones kept, in the order they were sent.
    let position = kept.reduce((last, item) => Math.max(last, item.position), -1);
    for (const file of stored) {
      position += 1;
      await tx
        .insert(postMedia)
        .values({ postId, position, ...file })
        .run();
    }
    placeFiles();
  });
}

/**
 * Deletes a post with everything that hangs on it: its media rows, comments and interactions go
 * by the database's cascades in the same statement, notifications about it and its comments in
 * the same transaction.
 */
export async function removePost(postId: number) {
  await transaction(async (tx) => {
    const commentIds = (
      await tx.select({ id: postComments.id }).from(postComments).where(eq(postComments.postId, postId)).all()
    ).map((row) => row.id);
    await tx
      .delete(notifications)
      .where(and(eq(notifications.subjectType, "post"), eq(notifications.subjectId, postId)))
      .run();
    if (commentIds.length) {
      await tx
        .delete(notifications)
        .where(
          and(
            eq(notifications.subjectType, "comment"),
            sql`${notifications.subjectId} IN (SELECT value FROM json_each(${JSON.stringify(commentIds)}))`,
          ),
        )
        .run();
    }
    await tx.delete(posts).where(eq(posts.id, postId)).run();
  });
}

/** A comment's new text; sets edited_at. */
export async function setCommentText(commentId: number, content: string, now: Date) {
  await getDb().update(postComments).set({ content, editedAt: now }).where(eq(postComments.id, commentId)).run();
}

/**
 * Deletes a comment: the post's comments_count drops by one with it (unless it was hidden, and so
 * already out of the count), notifications about it go, and the author's record of having
 * commented on the post goes when it was their last comment there.
 */
export async function removeComment(postId: number, commentId: number, authorId: number) {
  await transaction(async (tx) => {
    const gone = await tx
      .delete(postComments)
      .where(eq(postComments.id, commentId))
      .returning({ hiddenAt: postComments.hiddenAt })
      .get();
    if (!gone) return;
    // A hidden comment already left the count when it was hidden: it does not leave it twice.
    if (gone.hiddenAt === null)
      await tx
        .update(posts)
        .set({ commentsCount: sql`max(0, ${posts.commentsCount} - 1)` })
        .where(eq(posts.id, postId))
        .run();
    await tx
      .delete(notifications)
      .where(and(eq(notifications.subjectType, "comment"), eq(notifications.subjectId, commentId)))
      .run();
    const others = await tx
      .select({ id: postComments.id })
      .from(postComments)
      .where(and(eq(postComments.postId, postId), eq(postComments.authorId, authorId)))
      .limit(1)
      .all();
    if (!others.length) {
      await tx
        .delete(postInteractions)
        .where(
          and(eq(postInteractions.userId, authorId), eq(postInteractions.postId, postId), eq(postInteractions.type, "comment")),
        )
        .run();
    }
  });
}
