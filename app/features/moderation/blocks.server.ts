import { MAX_BLOCKS, type Viewer } from "~/services/access.server";
import { transaction } from "~/services/database/db.server";
import { tellEveryone } from "~/services/peers.server";
import type { FormResult } from "~/lib/forms";
import { BLOCK_MESSAGES, blockRefusal, type BlockRefusal } from "./blocks";
import {
  blockCountOf,
  blockedRows,
  blockExists,
  deleteBlock,
  hasBlocked,
  endFollowsBetween,
  insertBlock,
  memberOf,
} from "./store/blocks.server";

/**
 * Members blocking members. A block is one row (blocker, blocked); what it hides and refuses is
 * read from that row by services/access.server on every request (the blocker sees nothing of the
 * blocked member; neither messages, orders from, follows or notifies the other), so this module
 * only writes and lists the rows.
 */

export { hasBlocked };

export type BlockOutcome = FormResult<{ blocked: boolean; username: string; message: string }, BlockRefusal>;

export type BlockedMember = { id: number; username: string; blocked_at: string };

export type BlockedPage = {
  users: BlockedMember[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
};

/**
 * Blocks (or, with `block: false`, unblocks) a member; doing either twice changes nothing. A block
 * also ends the follows between the two, both ways, so neither keeps reading the other's posts in
 * Following or counting among the other's followers.
 */
export async function setBlocked(viewer: Viewer, memberId: number, block: boolean): Promise<BlockOutcome> {
  const outcome = await transaction(async (): Promise<BlockOutcome> => {
    const member = await memberOf(memberId);
    const alreadyBlocked = await blockExists(viewer.id, memberId);
    const blocks = block ? await blockCountOf(viewer.id) : 0;
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
      if (!alreadyBlocked) await insertBlock(viewer.id, memberId);
      await endFollowsBetween(viewer.id, memberId);
      return { ok: true, blocked: true, username, message: BLOCK_MESSAGES.blocked(username) };
    }
    await deleteBlock(viewer.id, memberId);
    return { ok: true, blocked: false, username, message: BLOCK_MESSAGES.unblocked(username) };
  });
  // Lists carry the blocked ids in their conditions, so they change key by themselves; the
  // follows that ended change Following and For You, which the community keeps under its topic
  // (communityChanged("follow"), told from below the community).
  if (outcome.ok) tellEveryone("community", "follow");
  return outcome;
}

/** The members the viewer blocked, newest block first. */
export async function listBlocked(viewer: Viewer, { page, limit }: { page: number; limit: number }): Promise<BlockedPage> {
  const total = await blockCountOf(viewer.id);
  const rows = await blockedRows(viewer.id, limit, (page - 1) * limit);
  return {
    users: rows.map((row) => ({ id: row.id, username: row.username, blocked_at: new Date(row.blockedAt).toISOString() })),
    pagination: { page, limit, total, hasMore: page * limit < total },
  };
}
