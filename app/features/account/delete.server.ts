import { randomBytes } from "node:crypto";
import type { AuthOutcome } from "~/features/auth/auth.server";
import { communityChanged } from "~/features/community/cache.server";
import { exchangeChanged } from "~/features/exchange/cache.server";
import { ownerOf } from "~/features/exchange/order-states";
import { tellOtherParty } from "~/features/exchange/orders.server";
import type { ListingKind, ListingUnit } from "~/features/exchange/vocabulary";
import { isLastAdmin } from "~/features/moderation/members.server";
import { prepared, transaction } from "~/services/db.server";
import { removeMedia } from "~/services/media.server";
import { countAccountAttempt, isMembersPassword } from "./account.server";
import { blockingOrderMessage, DELETED_ACCOUNT_REASON, DELETED_MEMBER_NAME, deletedEmailOf, LAST_ADMIN_DELETING } from "./rules";
import { WRONG_PASSWORD } from "./schemas";
import type { BlockingOrder } from "./wire";

/**
 * Deleting an account (docs/decisions/020-deleting-an-account.md): the users row stays as a
 * tombstone named "a deleted member", so the other party keeps their orders, messages and
 * reviews; everything else of the member goes in one transaction, and the files of their posts
 * and unordered listings leave the disk once it has committed.
 */

/** The first accepted order the member is a party to, which the other party relies on. */
export function blockingOrder(userId: number): BlockingOrder | null {
  const row = prepared(
    `SELECT o.id, l.title FROM orders o JOIN listings l ON l.id = o.listing_id
     WHERE (o.buyer_id = @id OR o.seller_id = @id) AND o.state = 'accepted' ORDER BY o.id LIMIT 1`,
  ).get({ id: userId }) as BlockingOrder | undefined;
  return row ?? null;
}

/**
 * Why the member cannot delete their account now, in their words, or null: an accepted order the
 * other party relies on, or being the only admin who can act.
 */
export async function deletionBlocker(userId: number): Promise<string | null> {
  const blocking = blockingOrder(userId);
  if (blocking) return blockingOrderMessage(blocking);
  if (await isLastAdmin(userId)) return LAST_ADMIN_DELETING;
  return null;
}

type WaitingOrder = {
  id: number;
  buyerId: number;
  sellerId: number;
  quantity: number;
  title: string;
  kind: ListingKind;
  unit: ListingUnit;
};

/**
 * Each request still waiting for an answer ends as the member's own move would end it: the
 * listing's owner declines, the requester withdraws (cancel); the other party is told by mail.
 * A request reserved nothing, so no stock moves.
 */
function closeWaitingOrders(tx: Parameters<typeof tellOtherParty>[0], userId: number, now: number) {
  const waiting = prepared(
    `SELECT o.id, o.buyer_id AS buyerId, o.seller_id AS sellerId, o.quantity, l.title, l.kind, l.unit
     FROM orders o JOIN listings l ON l.id = o.listing_id
     WHERE (o.buyer_id = @id OR o.seller_id = @id) AND o.state = 'requested'`,
  ).all({ id: userId }) as WaitingOrder[];
  for (const order of waiting) {
    const party = order.buyerId === userId ? "buyer" : "seller";
    const action = ownerOf(order.kind) === party ? "decline" : "cancel";
    const state = action === "decline" ? "declined" : "cancelled";
    prepared("UPDATE orders SET state = ?, updated_at = ? WHERE id = ? AND state = 'requested'").run(state, now, order.id);
    prepared("INSERT INTO order_events (order_id, action, state, actor_id, reason, at) VALUES (?, ?, ?, ?, ?, ?)").run(
      order.id,
      action,
      state,
      userId,
      DELETED_ACCOUNT_REASON,
      now,
    );
    tellOtherParty(tx, {
      orderId: order.id,
      actorId: userId,
      recipientId: party === "buyer" ? order.sellerId : order.buyerId,
      event: action,
      listing: { title: order.title, kind: order.kind, unit: order.unit },
      quantity: order.quantity,
      text: DELETED_ACCOUNT_REASON,
    });
  }
}

/**
 * Everything of the member but the tombstone, in the order the foreign keys need. Counters on
 * other members' posts lose what the member gave them in the same transaction, so each still
 * equals its rows (a hidden comment already left its post's count when it was hidden).
 */
function eraseMember(userId: number, now: number) {
  const run = (sql: string) => prepared(sql).run({ id: userId, now });
  run(`UPDATE posts SET
      likes_count = max(0, likes_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'like')),
      shares_count = max(0, shares_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'share')),
      views_count = max(0, views_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'view')),
      comments_count = max(0, comments_count - (SELECT count(*) FROM post_comments c WHERE c.post_id = posts.id AND c.author_id = @id AND c.hidden_at IS NULL))
    WHERE author_id <> @id AND id IN (
      SELECT post_id FROM post_interactions WHERE user_id = @id UNION SELECT post_id FROM post_comments WHERE author_id = @id)`);
  run("DELETE FROM post_interactions WHERE user_id = @id");
  run("DELETE FROM post_comments WHERE author_id = @id");
  // Their posts take their media rows, comments and interactions with them (foreign keys).
  run("DELETE FROM posts WHERE author_id = @id");
  run("DELETE FROM follows WHERE follower_id = @id OR author_id = @id");
  run("DELETE FROM blocks WHERE blocker_id = @id OR blocked_id = @id");
  run("DELETE FROM user_preferences WHERE user_id = @id");
  run("DELETE FROM notification_preferences WHERE user_id = @id");
  run("DELETE FROM notifications WHERE recipient_id = @id");
  run("UPDATE notifications SET actor_id = NULL WHERE actor_id = @id");
  run("DELETE FROM digest_sends WHERE user_id = @id");
  run("DELETE FROM email_changes WHERE user_id = @id");
  run("DELETE FROM password_reset_tokens WHERE user_id = @id");
  run("DELETE FROM cart_lines WHERE user_id = @id");
  run("DELETE FROM course_enrollments WHERE user_id = @id");
  run("DELETE FROM lesson_progress WHERE user_id = @id");
  // Their own ledger (the sums by day follow by trigger); the other party's entries of shared orders stay.
  run("DELETE FROM impact_entries WHERE member_id = @id");
  run("DELETE FROM activity_days WHERE user_id = @id");
  // Listings nobody ordered from go (photos, other members' cart lines with them); the others close, so their orders keep them.
  run("DELETE FROM listings WHERE seller_id = @id AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.listing_id = listings.id)");
  run("UPDATE listings SET status = 'closed', updated_at = @now WHERE seller_id = @id AND status <> 'closed'");
  // The token dies at once: a request checks its session row every time.
  run("DELETE FROM sessions WHERE user_id = @id");
  // What told their devices why they were signed out names their sessions: it goes too.
  run("DELETE FROM ended_sessions WHERE user_id = @id");
  // A download of theirs still under way holds a lease naming them (no foreign key: it expires).
  run("DELETE FROM export_leases WHERE member_id = @id");
}

/**
 * Deletes the caller's account once the password is proven. Refused while an accepted order is
 * neither completed nor cancelled (the other party relies on it, and the sentence names it), and
 * while the caller is the only admin who can act.
 */
export async function deleteAccount(
  userId: number,
  password: string,
  address: string,
): Promise<AuthOutcome<{ message: string }>> {
  const attempt = countAccountAttempt("deleteAccount", address, userId);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(userId, password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return { ok: false, reason: "invalid", message: WRONG_PASSWORD, errors: { password: WRONG_PASSWORD } };
  const outcome = await transaction(async (tx) => {
    const user = prepared("SELECT id, deleted_at AS deletedAt FROM users WHERE id = ?").get(userId) as
      { id: number; deletedAt: number | null } | undefined;
    if (!user || user.deletedAt !== null)
      return { ok: false as const, reason: "not-found" as const, message: "This account no longer exists." };
    const blocker = await deletionBlocker(userId);
    if (blocker) return { ok: false as const, reason: "conflict" as const, message: blocker };
    const now = Date.now();
    // Read before the rows go: the files to remove once the deletion is stored.
    const files = prepared(
      `SELECT m.file_name AS fileName FROM post_media m JOIN posts p ON p.id = m.post_id WHERE p.author_id = @id
         UNION ALL
         SELECT ph.file_name FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id
           WHERE l.seller_id = @id AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.listing_id = l.id)`,
    ).all({ id: userId }) as { fileName: string }[];
    // The tombstone first: the mails that tell the other parties of their closed requests name
    // "a deleted member", as the app does from now on.
    prepared(
      `UPDATE users SET username = @name, email = @email, password_hash = '!', bio = '', phone = '', location = '',
           company = '', website = '', is_verified = 0, author_type = 'other', deleted_at = @now WHERE id = @id`,
    ).run({ id: userId, name: DELETED_MEMBER_NAME, email: deletedEmailOf(userId, randomBytes(6).toString("hex")), now });
    closeWaitingOrders(tx, userId, now);
    eraseMember(userId, now);
    return { ok: true as const, files };
  });
  if (!outcome.ok) return { ...outcome, errors: {} };
  await removeMedia(outcome.files);
  communityChanged("post");
  exchangeChanged();
  return { ok: true, message: "Your account was deleted. Thank you for the time you spent with us." };
}
