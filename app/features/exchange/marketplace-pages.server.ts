import type { Viewer } from "~/services/access.server";
import { fieldErrors, formDataObject, type FormFailure, type FormResult } from "~/lib/forms";
import { addToCart, checkout, setCartQuantity } from "./cart.server";
import { changeListing } from "./listings.server";
import { requestOrder } from "./orders.server";
import {
  cartLineSchema,
  checkoutSchema,
  formErrorsOf,
  fromListingForm,
  fromMoneyField,
  orderRequestSchema,
  wasteCodePick,
  wasteFields,
} from "./schemas";
import { chosenWasteCodes } from "./waste-listing.server";
import type { CartLineAnswer, CheckoutAnswer, ListingEditRefusal, OrderFormRefusal } from "./wire";

/** The marketplace's pages' forms, each page's intents in one function: a listing's page and the cart. */

const WASTE_FIELDS = Object.keys(wasteFields);

/** The listing page's answer to one of its forms, and where the member goes next without JavaScript. */
export type ListingPageAnswer =
  | { answer: ListingEditRefusal | OrderFormRefusal; inPlace: true; status?: number }
  | { answer: FormResult; returnTo: string; inPlace?: false };

/** The text fields of a form as they were sent, to show them again. */
const typedValues = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/**
 * Every form of a listing's page posts here, told apart by `intent`: add to the cart or buy now
 * (anyone but its owner), edit, or pause, reopen and close (its owner). `id` is null when
 * the path names no listing.
 */
export async function listingPageAction(
  viewer: Viewer,
  id: number | null,
  fields: Record<string, unknown>,
  here: string,
): Promise<ListingPageAnswer> {
  const intent = String(fields.intent ?? "");
  if (!id)
    return {
      answer: { ok: false, reason: "not-found", message: "This listing does not exist.", errors: {} },
      returnTo: "/app/marketplace",
    };

  if (intent === "add" || intent === "buy") {
    // A refusal that names a field of the form (the quantity, the offer) is shown beside it, with
    // what was typed; one that no field can fix (an organisation to add, a listing gone, too many
    // requests) goes back to the page as a toast, as before.
    const values = typedValues(fields);
    const inPlace = (refusal: { reason?: FormFailure["reason"]; message?: string; errors: Record<string, string> }) => {
      const errors = formErrorsOf(refusal.errors);
      const answer: OrderFormRefusal = {
        ok: false,
        intent,
        reason: refusal.reason ?? "invalid",
        message: refusal.message ?? Object.values(errors)[0]!,
        errors,
        values,
      };
      return { answer, inPlace: true as const };
    };
    // Buy Now may carry an offer, asked in the currency's units like the listing's price.
    const { fields: request, priceError } = fromMoneyField(fields, "offer_price");
    if (priceError && intent === "buy")
      return inPlace({ reason: "invalid", message: priceError, errors: { offer_price: priceError } });
    const parsed = orderRequestSchema.safeParse({ ...request, listing_id: id });
    if (!parsed.success) return inPlace({ reason: "invalid", errors: fieldErrors(parsed.error) });
    const outcome =
      intent === "add" ? await addToCart(viewer, id, parsed.data.quantity) : await requestOrder(viewer, parsed.data);
    if (!outcome.ok) {
      if (Object.keys(outcome.errors).length) return inPlace(outcome);
      return { answer: outcome, returnTo: here };
    }
    if (!("order" in outcome)) return { answer: outcome, returnTo: here };
    return { answer: outcome, returnTo: `/app/orders/${outcome.order.id}` };
  }

  if (intent === "edit") {
    const values = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const pick = wasteCodePick(fields);
    if (pick) {
      // "Add" or "Remove" of a code without JavaScript: the form again with its codes changed, nothing saved.
      const picked = { ...values, ewc_codes: pick.codes };
      const errors: Record<string, string> = pick.error ? { ewc_codes: pick.error } : {};
      const answer: ListingEditRefusal = {
        ok: false,
        intent: "edit",
        reason: "invalid",
        message: pick.error ?? "",
        errors,
        values: picked,
        codes: chosenWasteCodes(pick.codes),
      };
      return { answer, inPlace: true, status: pick.error ? 400 : 200 };
    }
    const { fields: change, priceError } = fromListingForm(fields);
    const { intent: _intent, returnTo: _returnTo, ...listingChange } = change;
    // The edit form sends every waste field: one left empty is taken away, not kept.
    for (const field of WASTE_FIELDS) if (listingChange[field] === "") listingChange[field] = null;
    const outcome = priceError ? null : await changeListing(viewer, id, listingChange);
    if (!outcome || !outcome.ok) {
      const errors = outcome ? formErrorsOf(outcome.errors) : { price: priceError! };
      const refusal: ListingEditRefusal = {
        ok: false,
        intent: "edit",
        reason: outcome?.reason ?? "invalid",
        message: outcome?.message ?? priceError!,
        errors,
        values,
        codes: chosenWasteCodes(values.ewc_codes),
      };
      return { answer: refusal, inPlace: true };
    }
    return { answer: { ok: true, message: outcome.message }, returnTo: here };
  }

  const status = ({ pause: "paused", reopen: "active", close: "closed" } as const)[intent as "pause"];
  if (!status) return { answer: { ok: false, reason: "invalid", message: "Choose what to do.", errors: {} }, returnTo: here };
  const outcome = await changeListing(viewer, id, { status });
  return { answer: outcome.ok ? { ok: true, message: outcome.message } : outcome, returnTo: here };
}

/** The cart page's answer to one of its forms, and where the member goes next without JavaScript. */
export type CartPageAnswer =
  | { answer: CheckoutAnswer; inPlace: true }
  | { answer: CheckoutAnswer | CartLineAnswer; returnTo: string; failureInPlace?: boolean; inPlace?: false };

/**
 * Every form of the cart page posts here, told apart by `intent`: checkout sends the requests,
 * any other changes one line's quantity (remove sets it to 0).
 */
export async function cartPageAction(viewer: Viewer, form: FormData, here: string): Promise<CartPageAnswer> {
  const intent = form.get("intent");

  if (intent === "checkout") {
    const values = Object.fromEntries(
      Object.entries(formDataObject(form)).map(([key, value]) => [key, typeof value === "string" ? value : ""]),
    );
    const parsed = checkoutSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { answer: { ok: false, reason: "invalid", message: Object.values(errors)[0], errors, values }, inPlace: true };
    }
    const outcome = await checkout(viewer, parsed.data);
    const answer: CheckoutAnswer = outcome.ok ? { ok: true, message: outcome.message } : { ...outcome, values };
    // A refused checkout shows on this page beside the button; the requests sent are on the orders page.
    return { answer, returnTo: "/app/orders", failureInPlace: true };
  }

  const parsed = cartLineSchema.safeParse({
    listing_id: form.get("listing_id") ?? undefined,
    quantity: intent === "remove" ? 0 : (form.get("quantity") ?? undefined),
  });
  let answer: CartLineAnswer;
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    answer = { ok: false, reason: "invalid", message: errors.listing_id ?? errors.quantity ?? "Choose a quantity.", errors };
  } else {
    const outcome = await setCartQuantity(viewer, parsed.data.listing_id, parsed.data.quantity);
    answer = outcome.ok ? { ok: true, message: outcome.message } : outcome;
  }
  return { answer, returnTo: here };
}
