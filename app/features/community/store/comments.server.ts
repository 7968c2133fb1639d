import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { postComments } from "../../../../db/schema";
import { andSql, visibleCommentConditions, type Viewer } from "~/services/access.server";
import { sqlStatement } from "~/services/database/db.server";
import { reportedIds } from "~/features/moderation/reports.server";
import { isPostVisible } from "./post-reads.server";
import type { CommentPage, CommentView } from "../wire";

/** Reading comments: a post's comments page by page, and one comment as the API shows it. */

type CommentRow = {
  id: number;
  postId: number;
  content: string;
  authorId: number;
  authorName: string;
  createdAt: number;
  editedAt: number | null;
  hiddenAt: number | null;
};

/** `post_comments` as the queries here name it. */
const c = alias(postComments, "c");

const COMMENT_COLUMNS = sql.raw(`c.id, c.post_id AS postId, c.content, c.author_id AS authorId, u.username AS authorName,
  c.created_at AS createdAt, c.edited_at AS editedAt, c.hidden_at AS hiddenAt FROM post_comments c JOIN users u ON u.id = c.author_id`);

const toCommentView = (row: CommentRow, reported: ReadonlySet<number>): CommentView => ({
  id: row.id,
  post_id: row.postId,
  content: row.content,
  author_id: row.authorId,
  author_name: row.authorName,
  created_at: new Date(row.createdAt).toISOString(),
  edited_at: row.editedAt === null ? null : new Date(row.editedAt).toISOString(),
  is_hidden: row.hiddenAt !== null,
  is_reported: reported.has(row.id),
});

/** One comment as the viewer sees it (the answer to the comment just written), or null. */
export async function getComment(commentId: number, viewer: Viewer): Promise<CommentView | null> {
  const visible = await visibleCommentConditions(viewer, c);
  const row = (await sqlStatement(sql`SELECT ${COMMENT_COLUMNS} WHERE c.id = ${commentId}${andSql(visible)}`).get()) as
    CommentRow | undefined;
  return row ? toCommentView(row, await reportedIds(viewer.id, "comment", [row.id])) : null;
}

/**
 * Comments of a post, newest first, paged by the id of the last one seen; null when the post does
 * not exist for the viewer.
 */
export async function listComments(
  postId: number,
  viewer: Viewer,
  { before, limit }: { before?: number; limit: number },
): Promise<CommentPage | null> {
  if (!(await isPostVisible(viewer, postId))) return null;
  const conditions = [...(await visibleCommentConditions(viewer, c))];
  if (before) conditions.unshift(sql`${c.id} < ${before}`);
  const rows = (await sqlStatement(
    sql`SELECT ${COMMENT_COLUMNS} WHERE c.post_id = ${postId}${andSql(conditions)} ORDER BY c.id DESC LIMIT ${limit + 1}`,
  ).all()) as CommentRow[];
  const shown = rows.slice(0, limit);
  const reported = await reportedIds(
    viewer.id,
    "comment",
    shown.map((row) => row.id),
  );
  return { comments: shown.map((row) => toCommentView(row, reported)), hasMore: rows.length > limit };
}
