import { statement } from "~/services/database/db.server";
import type { Viewer } from "~/services/access.server";

/**
 * The rows of blocks (blocker, blocked). These run on the one connection's prepared statements, so
 * inside a transaction the caller holds they are part of it.
 */

/** A member's name and whether their account is deleted; null for an unknown id. */
export async function memberOf(id: number) {
  const row = (await statement("SELECT username, deleted_at AS deletedAt FROM users WHERE id = ?").get(id)) as
    { username: string; deletedAt: number | null } | undefined;
  return row ? { username: row.username, deleted: row.deletedAt !== null } : null;
}

export async function blockExists(blockerId: number, blockedId: number): Promise<boolean> {
  return (
    (await statement("SELECT 1 FROM blocks WHERE blocker_id = ? AND blocked_id = ?").get(blockerId, blockedId)) !== undefined
  );
}

export async function blockCountOf(blockerId: number): Promise<number> {
  return (await statement("SELECT count(*) FROM blocks WHERE blocker_id = ?").value(blockerId)) as number;
}

export async function insertBlock(blockerId: number, blockedId: number, at = Date.now()) {
  await statement("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)").run(blockerId, blockedId, at);
}

/** Ends the follows between two members, both ways. */
export async function endFollowsBetween(a: number, b: number) {
  await statement("DELETE FROM follows WHERE (follower_id = ? AND author_id = ?) OR (follower_id = ? AND author_id = ?)").run(
    a,
    b,
    b,
    a,
  );
}

export async function deleteBlock(blockerId: number, blockedId: number) {
  await statement("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?").run(blockerId, blockedId);
}

/** Whether the viewer blocked the member (a member's page shows Unblock and says so). */
export async function hasBlocked(viewer: Viewer, memberId: number) {
  return (await statement("SELECT 1 FROM blocks WHERE blocker_id = ? AND blocked_id = ?").get(viewer.id, memberId)) !== undefined;
}

/** A page of the members `blockerId` blocked, newest block first. */
export async function blockedRows(blockerId: number, limit: number, offset: number) {
  return (await statement(
    `SELECT u.id, u.username, b.created_at AS blockedAt FROM blocks b JOIN users u ON u.id = b.blocked_id
     WHERE b.blocker_id = ? ORDER BY b.created_at DESC, b.blocked_id DESC LIMIT ? OFFSET ?`,
  ).all(blockerId, limit, offset)) as { id: number; username: string; blockedAt: number }[];
}
