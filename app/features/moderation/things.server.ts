import { prepared } from "~/services/db.server";
import type { ReportTarget } from "./vocabulary";

/**
 * The things members report, read as moderation needs them: who owns each, whether moderators hid
 * it, and the words that show what it is. A post or comment its author deleted is gone (null); a
 * deleted account stays as a row with `deleted`.
 */
export type Thing = {
  type: ReportTarget;
  id: number;
  ownerId: number;
  hiddenAt: number | null;
  /** A title, a comment's text, a member's name. */
  title: string;
  /** A post's content, a listing's description, a comment's text ("" for a member). */
  body: string;
  /** The post a comment is on, with what decides whether it can be seen. */
  post: { id: number; title: string; ownerId: number; hiddenAt: number | null } | null;
  /** A member's account was deleted. */
  deleted: boolean;
};

type Row = {
  id: number;
  ownerId: number;
  hiddenAt: number | null;
  title: string;
  body: string;
  postId?: number;
  postTitle?: string;
  postOwnerId?: number;
  postHiddenAt?: number | null;
  deletedAt?: number | null;
};

const QUERIES: Record<ReportTarget, string> = {
  post: "SELECT id, author_id AS ownerId, hidden_at AS hiddenAt, title, content AS body FROM posts WHERE id = ?",
  comment: `SELECT c.id, c.author_id AS ownerId, c.hidden_at AS hiddenAt, c.content AS title, c.content AS body,
    p.id AS postId, p.title AS postTitle, p.author_id AS postOwnerId, p.hidden_at AS postHiddenAt
    FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ?`,
  listing: "SELECT id, seller_id AS ownerId, hidden_at AS hiddenAt, title, description AS body FROM listings WHERE id = ?",
  user: "SELECT id, id AS ownerId, NULL AS hiddenAt, username AS title, '' AS body, deleted_at AS deletedAt FROM users WHERE id = ?",
};

export function readThing(type: ReportTarget, id: number): Thing | null {
  const row = prepared(QUERIES[type]).get(id) as Row | undefined;
  if (!row) return null;
  return {
    type,
    id: row.id,
    ownerId: row.ownerId,
    hiddenAt: row.hiddenAt,
    title: row.title,
    body: row.body,
    post:
      row.postId !== undefined
        ? { id: row.postId, title: row.postTitle ?? "", ownerId: row.postOwnerId ?? 0, hiddenAt: row.postHiddenAt ?? null }
        : null,
    deleted: row.deletedAt !== undefined && row.deletedAt !== null,
  };
}

/** Where a thing is read: its page for members' content, the admin page of a member. */
export function thingPath(type: ReportTarget, id: number, postId?: number) {
  switch (type) {
    case "post":
      return `/app/community?post=${id}`;
    case "comment":
      return `/app/community?post=${postId ?? 0}`;
    case "listing":
      return `/app/marketplace/${id}`;
    case "user":
      return `/app/admin/members/${id}`;
  }
}
