import { and, eq, sql, sum } from "drizzle-orm";
import { cartItems, products } from "../../../db/schema";
import { getDb } from "~/services/db.server";
import type { FormFailure } from "~/lib/forms";

/**
 * The old cart of catalogue products, until the cart of listings (features/exchange/cart.server)
 * replaces it. The marketplace itself lists listings: features/exchange/listings.server.
 */

/** How many items the member has in the cart. */
export function cartCount(userId: number): number {
  const [{ items }] = getDb()
    .select({ items: sum(cartItems.quantity) })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .all();
  return Number(items ?? 0);
}

export function quantityInCart(userId: number, productId: number): number {
  const row = getDb()
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.listingId, productId)))
    .get();
  return row?.quantity ?? 0;
}

type AddToCartOutcome =
  | { ok: true; quantity: number; cartCount: number; added: number }
  | FormFailure<{ message: string; reason: "invalid" | "not-found" }>;

/**
 * Adds to the member's cart; the cart never holds more of a product than is in stock.
 */
export function addToCart(userId: number, productId: number, quantity: number): AddToCartOutcome {
  const db = getDb();
  const product = db.select({ stock: products.stockCount }).from(products).where(eq(products.id, productId)).get();
  if (!product) return { ok: false, reason: "not-found", message: "This product does not exist.", errors: {} };
  const inCart = quantityInCart(userId, productId);
  const room = product.stock - inCart;
  const refuse = (message: string) => ({ ok: false as const, reason: "invalid" as const, message, errors: {} });
  if (room <= 0) return refuse(`You already have all ${product.stock} in stock in your cart.`);
  if (quantity > room) return refuse(`Only ${room} more can be added: ${product.stock} in stock, ${inCart} in your cart.`);
  db.insert(cartItems)
    .values({ userId, listingId: productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.listingId],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}` },
    })
    .run();
  return { ok: true, quantity: inCart + quantity, cartCount: cartCount(userId), added: quantity };
}
