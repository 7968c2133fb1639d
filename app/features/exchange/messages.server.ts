import { blockedEitherWay, canSeeOrder, type Viewer } from "~/services/access.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { type AppDatabase } from "~/services/database/db.server";
import type { FormSuccess } from "~/lib/forms";
import { withinAllowance } from "./allowance.server";
import { inTransaction, type Refusal } from "./orders.server";
import type { Db } from "~/services/database/db.server";
import { insertMessage, readMessages } from "./store/messages.server";
import { orderParties, orderWithListing, tellOtherParty } from "./store/orders.server";
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

/** The order's messages, oldest first; null when the order does not exist or is not the viewer's. */
export async function listMessages(viewer: Viewer, orderId: number, db?: AppDatabase): Promise<OrderMessageView[] | null> {
  const order = await orderParties(db, orderId);
  if (!order || !canSeeOrder(viewer, order)) return null;
  return readMessages(orderId, undefined, db);
}

/** Adds a message (already checked: plain text, not empty, not too long) to the order's thread. */
export async function postMessage(viewer: Viewer, orderId: number, body: string, db?: AppDatabase): Promise<MessageOutcome> {
  // Each message mails the other party: within the member's hourly allowance.
  return withinAllowance("message", viewer.id, () => writeMessage(viewer, orderId, body, db));
}

function writeMessage(viewer: Viewer, orderId: number, body: string, db?: AppDatabase): Promise<MessageOutcome> {
  return inTransaction(db, async (tx): Promise<MessageOutcome> => {
    const row = await orderWithListing(tx, orderId);
    if (!row || !canSeeOrder(viewer, row.order)) {
      return { ok: false, reason: "not-found", message: NO_SUCH_ORDER, errors: {} } satisfies Refusal;
    }
    const { order, listing } = row;
    const other = order.buyerId === viewer.id ? order.sellerId : order.buyerId;
    // The order itself goes on (accepted orders still complete or cancel); talk across a block does not.
    if (await blockedEitherWay(viewer.id, other)) {
      return { ok: false, reason: "forbidden", message: BLOCK_MESSAGES.cannotMessage, errors: {} } satisfies Refusal;
    }
    const id = await insertMessage(tx, { orderId, authorId: viewer.id, body });
    await tellOtherParty(tx, {
      orderId,
      actorId: viewer.id,
      recipientId: other,
      event: "message",
      listing,
      quantity: order.quantity,
      text: body,
    });
    return { ok: true, message: "Message sent.", order_message: (await readMessages(orderId, id, tx))[0] };
  });
}

/**
 * Writes messages said before the order (questions about its listing) into its thread, as they
 * were said: author, words and time. In the transaction that placed the order; nobody is told,
 * since both parties read them before.
 */
export async function carryMessages(tx: Db, orderId: number, messages: { authorId: number; body: string; createdAt: Date }[]) {
  for (const message of messages) await insertMessage(tx, { orderId, ...message });
}
