import type { Viewer } from "~/services/access.server";
import { getOrder, moveOrder } from "~/features/exchange/orders.server";
import { loadOrderPage } from "~/features/exchange/order-page.server";
import type { OrderAction } from "~/features/exchange/vocabulary";
import type { TransferDetailsInput } from "~/features/exchange/transfer-details";
import { noteOfOrder } from "./store/notes.server";
import type { OrderNoteRef } from "./wire";

/**
 * An order with the transfer note it issued: the exchange knows nothing of notes, so the order's
 * answers and page gain it here, above both.
 */

export async function withTransferNote<Order extends { id: number }>(
  order: Order,
): Promise<Order & { transfer_note: OrderNoteRef }> {
  return { ...order, transfer_note: await noteOfOrder(order.id) };
}

/** GET /api/orders/:id: the order, with its note; null when it is not the viewer's to see. */
export async function orderWithNote(viewer: Viewer, orderId: number) {
  const order = await getOrder(viewer, orderId);
  return order ? withTransferNote(order) : null;
}

/** A move of the order, answered with its note (issued by the completing move of a waste order). */
export async function moveOrderWithNote(
  viewer: Viewer,
  orderId: number,
  action: OrderAction,
  details: { reason?: string; weight_kg?: number } & TransferDetailsInput,
) {
  const outcome = await moveOrder(viewer, orderId, action, details);
  return outcome.ok ? { ...outcome, order: await withTransferNote(outcome.order) } : outcome;
}

/** The order page, with the note to link once there is one. */
export async function orderPageWithNote(viewer: Viewer, orderId: number) {
  const page = await loadOrderPage(viewer, orderId);
  return page ? { ...page, transfer_note: await noteOfOrder(orderId) } : null;
}
