import type { Viewer } from "~/services/access.server";
import { fieldErrors, formDataObject } from "~/lib/forms";
import { checkout, setCartQuantity } from "./cart.server";
import { cartLineSchema, checkoutSchema } from "./schemas";
import type { CartLineAnswer, CheckoutAnswer } from "./wire";

/** The cart page's answer to one of its forms, and where the member goes next without JavaScript. */
export type CartPageAnswer =
  | { answer: CheckoutAnswer; inPlace: true }
  | { answer: CheckoutAnswer | CartLineAnswer; returnTo: string; failureInPlace?: boolean; inPlace?: false };

/**
 * Every form of the cart page posts here, told apart by `intent`: checkout sends the requests,
 * any other changes one line's quantity (remove sets it to 0).
 */
export function cartPageAction(viewer: Viewer, form: FormData, here: string): CartPageAnswer {
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
    const outcome = checkout(viewer, parsed.data);
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
    const outcome = setCartQuantity(viewer, parsed.data.listing_id, parsed.data.quantity);
    answer = outcome.ok ? { ok: true, message: outcome.message } : outcome;
  }
  return { answer, returnTo: here };
}
