import type { Viewer } from "~/services/access.server";
import { formDataObject, invalidInput } from "~/lib/forms";
import { listMessages, postMessage } from "./messages.server";
import { getOrder, moveOrder } from "./orders.server";
import { leaveReview, reviewsOfOrder } from "./reviews.server";
import { contactOf, listingForOrder } from "./store/orders.server";
import { formErrorsOf, fromMoneyField, orderMessageSchema, orderTransitionSchema, reviewSchema } from "./schemas";
import { nestCarrierFields, partsOwedBy } from "./transfer-details";
import { organisationOf } from "~/features/organisation/store/organisation.server";
import type { OrderPageResult, OrderPageView, OrderView } from "./wire";

/**
 * The order page's server side: what it shows (the order, its thread, its reviews and the other
 * party's contact) and what its forms do (a move, a message, a review). Only the two parties
 * reach any of it; for anyone else the page is a 404 like a missing order.
 */

/** Whether the parties see each other's contact details: once the order was accepted, whatever came after. */
export const contactShared = (order: Pick<OrderView, "history">) =>
  order.history.some((event) => event.action === "accept" || event.action === "accept_counter");

export async function loadOrderPage(viewer: Viewer, orderId: number): Promise<OrderPageView | null> {
  const order = await getOrder(viewer, orderId);
  if (!order) return null;
  const party = order.buyer.id === viewer.id ? "buyer" : "seller";
  const other = party === "buyer" ? order.seller : order.buyer;
  // Only the two parties see the order; once it was accepted each may see how to reach the other.
  const shared = contactShared(order);
  const details = await contactOf(other.id);
  // A deleted member has no address left to show: their row keeps only a placeholder.
  const deleted = details.deletedAt !== null;
  const { email, phone, company } = details;
  return {
    order,
    party,
    contact:
      shared && !deleted
        ? { ...other, shared, deleted, email, phone, company }
        : { ...other, shared: false, deleted, email: null, phone: null, company: null },
    // A waste order's completion form asks this party for the transfer note's parts they owe.
    transfer: (await listingForOrder(undefined, order.listing.id))?.ewcCodes
      ? { owes: partsOwedBy(party, order.handover), has_organisation: (await organisationOf(viewer.id)) !== null }
      : null,
    messages: (await listMessages(viewer, orderId)) ?? [],
    reviews: await reviewsOfOrder(viewer, orderId),
  };
}

/** A form of the order page: `intent` is move, message or review. */
export async function orderPageAction(viewer: Viewer, orderId: number, form: FormData): Promise<OrderPageResult> {
  const fields = formDataObject(form);
  const intent = String(fields.intent ?? "");
  const values = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => typeof value === "string")
      .map(([key, value]) => [key, String(value)]),
  );
  if (intent === "move") {
    // A counter's price is asked in the currency's units ("0.45"), the schema takes cents.
    const { fields: move, priceError } = fromMoneyField(fields, "price");
    if (priceError) return { intent, values, ok: false, reason: "invalid", message: priceError, errors: { price: priceError } };
    const parsed = orderTransitionSchema.safeParse(nestCarrierFields(move));
    if (!parsed.success) {
      const refused = invalidInput(parsed.error);
      return { intent, values, ...refused, errors: formErrorsOf(refused.errors), message: "Check the form and try again." };
    }
    const { action, ...details } = parsed.data;
    const outcome = await moveOrder(viewer, orderId, action, details);
    return outcome.ok
      ? { intent, ok: true, message: outcome.message }
      : { intent, values, ...outcome, errors: formErrorsOf(outcome.errors) };
  }
  if (intent === "message") {
    const parsed = orderMessageSchema.safeParse(fields);
    if (!parsed.success) return { intent, values, ...invalidInput(parsed.error), message: "Write a message first." };
    const outcome = await postMessage(viewer, orderId, parsed.data.body);
    return outcome.ok ? { intent, ok: true, message: outcome.message } : { intent, values, ...outcome };
  }
  if (intent === "review") {
    const parsed = reviewSchema.safeParse(fields);
    if (!parsed.success) return { intent, values, ...invalidInput(parsed.error), message: "Check the review and try again." };
    const outcome = await leaveReview(viewer, orderId, parsed.data);
    return outcome.ok ? { intent, ok: true, message: outcome.message } : { intent, values, ...outcome };
  }
  return { intent, values, ok: false, reason: "invalid", message: "This form is not known here.", errors: {} };
}
