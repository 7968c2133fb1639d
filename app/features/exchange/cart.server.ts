import type { Viewer } from "~/services/access.server";
import type { Handover } from "./vocabulary";
import type { OrderOutcome, Refusal } from "./orders.server";
import type { CartView, OrderView } from "./wire";
import type { FormSuccess } from "~/lib/forms";

/**
 * A member's cart of listings, and its checkout into orders.
 * (Interface first; the bodies are being written.)
 */

export type CartOutcome = FormSuccess<{ message: string; cart: CartView }> | Refusal;

/** The viewer's cart, lines grouped by seller. */
export function getCart(viewer: Viewer): CartView {
  void viewer;
  throw new Error("getCart is not written yet");
}

/** How many lines the viewer's cart holds (the header's badge). */
export function cartCount(viewer: Viewer): number {
  void viewer;
  throw new Error("cartCount is not written yet");
}

/** Adds `quantity` of a listing to the cart (Add to Cart). */
export function addToCart(viewer: Viewer, listingId: number, quantity: number): CartOutcome {
  void viewer;
  void listingId;
  void quantity;
  throw new Error("addToCart is not written yet");
}

/** Sets a line's quantity; 0 removes it (PUT /api/cart, the cart page). */
export function setCartQuantity(viewer: Viewer, listingId: number, quantity: number): CartOutcome {
  void viewer;
  void listingId;
  void quantity;
  throw new Error("setCartQuantity is not written yet");
}

/** Turns the cart into requests, all or none, and empties it. */
export function checkout(
  viewer: Viewer,
  details: { message?: string; handover?: Handover },
): FormSuccess<{ message: string; orders: OrderView[] }> | Refusal {
  void viewer;
  void details;
  throw new Error("checkout is not written yet");
}

export type { OrderOutcome };
