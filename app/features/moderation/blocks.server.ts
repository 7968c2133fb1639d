import { MAX_BLOCKS, type Viewer } from "~/services/access.server";
import { getDb, prepared } from "~/services/db.server";
import { tellEveryone } from "~/services/peers.server";
import type { FormResult } from "~/lib/forms";
import { BLOCK_MESSAGES, blockRefusal, type BlockRefusal } from "./blocks";

/**
 * Members blocking members. A block is one row (blocker, blocked); what it hides and refuses is
 * read from that row by services/access.server on every request (the blocker sees nothing of the
 * blocked member; neither messages, orders from, follows or notifies the other), so this module
 * only writes and lists the rows.
 */

export type BlockOutcome = FormResult<{ blocked: boolean; username: string; message: string }, BlockRefusal>;

export type BlockedMember = { id: number; username: string; blocked_at: string };

export type BlockedPage = {
  users: BlockedMember[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
};

function memberOf(id: number) {
  const row = prepared("SELECT username, deleted_at AS deletedAt FROM users WHERE id = ?").get(id) as
    { username: string; deletedAt: number | null } | undefined;
  return row ? { username: row.username, deleted: row.deletedAt !== null } : null;
}

/**
 * Blocks (or, with `block: false`, unblocks) a member; doing either twice changes nothing. A block
 * also ends the follows between the two, both ways, so neither keeps reading the other's posts in
 * Following or counting among the other's followers.
 */
export function setBlocked(viewer: Viewer, memberId: number, block: boolean): BlockOutcome {
  const outcome = getDb().transaction(
    (): BlockOutcome => {
      const member = memberOf(memberId);
      const alreadyBlocked = hasBlocked(viewer, memberId);
      const blocks = block ? (prepared("SELECT count(*) FROM blocks WHERE blocker_id = ?").pluck().get(viewer.id) as number) : 0;
      // Unblocking a member who has since deleted their account: their blocks went with it.
      const refused = blockRefusal({
        blockerId: viewer.id,
        blockedId: memberId,
        member,
        alreadyBlocked,
        blocks,
        max: MAX_BLOCKS,
      });
      if (refused) return { ok: false, ...refused, errors: {} };
      const { username } = member!;
      if (block) {
        if (!alreadyBlocked) {
          prepared("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)").run(
            viewer.id,
            memberId,
            Date.now(),
          );
        }
        prepared("DELETE FROM follows WHERE (follower_id = ? AND author_id = ?) OR (follower_id = ? AND author_id = ?)").run(
          viewer.id,
          memberId,
          memberId,
          viewer.id,
        );
        return { ok: true, blocked: true, username, message: BLOCK_MESSAGES.blocked(username) };
      }
      prepared("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?").run(viewer.id, memberId);
      return { ok: true, blocked: false, username, message: BLOCK_MESSAGES.unblocked(username) };
    },
    { behavior: "immediate" },
  );
  // Lists carry the blocked ids in their conditions, so they change key by themselves; the
  // follows that ended change Following and For You, which the community keeps under its topic
  // (communityChanged("follow"), told from below the community).
  if (outcome.ok) tellEveryone("community", "follow");
  return outcome;
}

/** Whether the viewer blocked the member (a member's page shows Unblock and says so). */
export function hasBlocked(viewer: Viewer, memberId: number) {
  return prepared("SELECT 1 FROM blocks WHERE blocker_id = ? AND blocked_id = ?").get(viewer.id, memberId) !== undefined;
}

/** The members the viewer blocked, newest block first. */
export function listBlocked(viewer: Viewer, { page, limit }: { page: number; limit: number }): BlockedPage {
  const total = prepared("SELECT count(*) FROM blocks WHERE blocker_id = ?").pluck().get(viewer.id) as number;
  const rows = prepared(
    `SELECT u.id, u.username, b.created_at AS blockedAt FROM blocks b JOIN users u ON u.id = b.blocked_id
     WHERE b.blocker_id = ? ORDER BY b.created_at DESC, b.blocked_id DESC LIMIT ? OFFSET ?`,
  ).all(viewer.id, limit, (page - 1) * limit) as { id: number; username: string; blockedAt: number }[];
  return {
    users: rows.map((row) => ({ id: row.id, username: row.username, blocked_at: new Date(row.blockedAt).toISOString() })),
    pagination: { page, limit, total, hasMore: page * limit < total },
  };
}
