import type { Viewer } from "~/services/access.server";
import type { FormResult } from "~/lib/forms";
import { addToCart } from "./cart.server";
import { changeListing } from "./listings.server";
import { requestOrder } from "./orders.server";
import { formErrorsOf, fromListingForm, orderRequestSchema } from "./schemas";
import type { ListingEditRefusal } from "./wire";

/** The listing page's answer to one of its forms, and where the member goes next without JavaScript. */
export type ListingPageAnswer =
  { answer: ListingEditRefusal; inPlace: true } | { answer: FormResult; returnTo: string; inPlace?: false };

/**
 * Every form of a listing's page posts here, told apart by `intent`: add to the cart or buy now
 * (anyone but its owner), edit, or pause, reopen and close (its owner). `id` is null when
 * the path names no listing.
 */
export function listingPageAction(
  viewer: Viewer,
  id: number | null,
  fields: Record<string, unknown>,
  here: string,
): ListingPageAnswer {
  const intent = String(fields.intent ?? "");
  if (!id)
    return {
      answer: { ok: false, reason: "not-found", message: "This listing does not exist.", errors: {} },
      returnTo: "/app/marketplace",
    };

  if (intent === "add" || intent === "buy") {
    const parsed = orderRequestSchema.safeParse({ ...fields, listing_id: id });
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      return { answer: { ok: false, reason: "invalid", message, errors: {} }, returnTo: here };
    }
    if (intent === "add") return { answer: addToCart(viewer, id, parsed.data.quantity), returnTo: here };
    const outcome = requestOrder(viewer, parsed.data);
    if (!outcome.ok) return { answer: outcome, returnTo: here };
    return { answer: outcome, returnTo: `/app/orders/${outcome.order.id}` };
  }

  if (intent === "edit") {
    const values = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const { fields: change, priceError } = fromListingForm(fields);
    const { intent: _intent, returnTo: _returnTo, ...listingChange } = change;
    const outcome = priceError ? null : changeListing(viewer, id, listingChange);
    if (!outcome || !outcome.ok) {
      const errors = outcome ? formErrorsOf(outcome.errors) : { price: priceError! };
      const refusal: ListingEditRefusal = {
        ok: false,
        intent: "edit",
        reason: outcome?.reason ?? "invalid",
        message: outcome?.message ?? priceError!,
        errors,
        values,
      };
      return { answer: refusal, inPlace: true };
    }
    return { answer: { ok: true, message: outcome.message }, returnTo: here };
  }

  const status = ({ pause: "paused", reopen: "active", close: "closed" } as const)[intent as "pause"];
  if (!status) return { answer: { ok: false, reason: "invalid", message: "Choose what to do.", errors: {} }, returnTo: here };
  const outcome = changeListing(viewer, id, { status });
  return { answer: outcome.ok ? { ok: true, message: outcome.message } : outcome, returnTo: here };
}
