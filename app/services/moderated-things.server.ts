import { statement } from "./database/db.server";
import type { ThingRow } from "./features.server";

/**
 * Reads one reported thing with the query its feature gives (columns id, ownerId, hiddenAt, title,
 * body, and for a comment postId, postTitle, postOwnerId, postHiddenAt; for a member deletedAt).
 */

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

export async function readThingRow(sql: string, id: number): Promise<ThingRow | null> {
  const row = (await statement(sql).get(id)) as Row | undefined;
  if (!row) return null;
  return {
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
