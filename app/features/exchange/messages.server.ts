import { asc, eq } from "drizzle-orm";
import { listings, orderMessages, orders, users } from "../../../db/schema";
import { blockedEitherWaySync, canSeeOrder, type Viewer } from "~/services/access.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { type AppDatabase, type Db, getDb } from "~/services/db.server";
import type { FormSuccess } from "~/lib/forms";
import { withinAllowance } from "./allowance.server";
import { inTransaction, tellOtherParty, type Refusal } from "./orders.server";
import type { OrderMessageView } from "./wire";

/**
 * An order's thread: plain text between its two parties, read oldest first. Nobody else reads or
 * writes it, and for them the order answers like a missing one. A message may be written in every
 * state, a final one too: the parties may still need to settle a payment after completion or say
 * why they cancelled, and a thread that closed would push them to e-mail instead. Each message is
 * mailed to the other party, a job of the message's own transaction.
 */

const NO_SUCH_ORDER = "This order does not exist.";

export type MessageOutcome = FormSuccess<{ message: string; order_message: OrderMessageView }> | Refusal;

function readMessages(db: Db, orderId: number, id?: number): OrderMessageView[] {
  return db
    .select({ message: orderMessages, author: { id: users.id, username: users.username } })
    .from(orderMessages)
    .innerJoin(users, eq(users.id, orderMessages.authorId))
    .where(id === undefined ? eq(orderMessages.orderId, orderId) : eq(orderMessages.id, id))
    .orderBy(asc(orderMessages.id))
    .all()
    .map(({ message, author }) => ({
      id: message.id,
      order_id: message.orderId,
      author,
      body: message.body,
      created_at: message.createdAt.toISOString(),
    }));
}

/** The order's messages, oldest first; null when the order does not exist or is not the viewer's. */
export function listMessages(viewer: Viewer, orderId: number, db: AppDatabase = getDb()): OrderMessageView[] | null {
  const order = db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order || !canSeeOrder(viewer, order)) return null;
  return readMessages(db, orderId);
}

/** Adds a message (already checked: plain text, not empty, not too long) to the order's thread. */
export function postMessage(viewer: Viewer, orderId: number, body: string, db: AppDatabase = getDb()): MessageOutcome {
  // Each message mails the other party: within the member's hourly allowance.
  return withinAllowance("message", viewer.id, () => writeMessage(viewer, orderId, body, db));
}

function writeMessage(viewer: Viewer, orderId: number, body: string, db: AppDatabase): MessageOutcome {
  return inTransaction(db, (tx) => {
    const row = tx
      .select({ order: orders, listing: { title: listings.title, kind: listings.kind, unit: listings.unit } })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(orders.id, orderId))
      .get();
    if (!row || !canSeeOrder(viewer, row.order)) {
      return { ok: false, reason: "not-found", message: NO_SUCH_ORDER, errors: {} } satisfies Refusal;
    }
    const { order, listing } = row;
    const other = order.buyerId === viewer.id ? order.sellerId : order.buyerId;
    // The order itself goes on (accepted orders still complete or cancel); talk across a block does not.
    if (blockedEitherWaySync(viewer.id, other)) {
      return { ok: false, reason: "forbidden", message: BLOCK_MESSAGES.cannotMessage, errors: {} } satisfies Refusal;
    }
    const [{ id }] = tx
      .insert(orderMessages)
      .values({ orderId, authorId: viewer.id, body })
      .returning({ id: orderMessages.id })
      .all();
    tellOtherParty(tx, {
      orderId,
      actorId: viewer.id,
      recipientId: other,
      event: "message",
      listing,
      quantity: order.quantity,
      text: body,
    });
    return { ok: true, message: "Message sent.", order_message: readMessages(tx, orderId, id)[0] };
  });
}
