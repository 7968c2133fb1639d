import { andSql, sqlParams, visibleCommentConditions, type Viewer } from "~/services/access.server";
import { prepared as statement } from "~/services/db.server";
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

const COMMENT_COLUMNS = `c.id, c.post_id AS postId, c.content, c.author_id AS authorId, u.username AS authorName,
  c.created_at AS createdAt, c.edited_at AS editedAt, c.hidden_at AS hiddenAt FROM post_comments c JOIN users u ON u.id = c.author_id`;

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
export function getComment(commentId: number, viewer: Viewer): CommentView | null {
  const visible = visibleCommentConditions(viewer);
  const row = statement(`SELECT ${COMMENT_COLUMNS} WHERE c.id = ?${andSql(visible)}`).get(commentId, ...sqlParams(visible)) as
    CommentRow | undefined;
  return row ? toCommentView(row, reportedIds(viewer.id, "comment", [row.id])) : null;
}

/**
 * Comments of a post, newest first, paged by the id of the last one seen; null when the post does
 * not exist for the viewer.
 */
export function listComments(
  postId: number,
  viewer: Viewer,
  { before, limit }: { before?: number; limit: number },
): CommentPage | null {
  if (!isPostVisible(viewer, postId)) return null;
  const conditions = [...visibleCommentConditions(viewer)];
  if (before) conditions.unshift({ sql: "c.id < ?", params: [before] });
  const rows = statement(`SELECT ${COMMENT_COLUMNS} WHERE c.post_id = ?${andSql(conditions)} ORDER BY c.id DESC LIMIT ?`).all(
    postId,
    ...sqlParams(conditions),
    limit + 1,
  ) as CommentRow[];
  const shown = rows.slice(0, limit);
  const reported = reportedIds(
    viewer.id,
    "comment",
    shown.map((row) => row.id),
  );
  return { comments: shown.map((row) => toCommentView(row, reported)), hasMore: rows.length > limit };
}
