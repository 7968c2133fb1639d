import { blockedEitherWay, blockedIdsOf, canSeeListing, type Viewer } from "~/services/access.server";
import { billedByWeight, lineTotalCents } from "./pricing";
import { transaction, type AppDatabase, type Db } from "~/services/database/db.server";
import { refuse, type FormSuccess } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { inTransaction, placeRequest, Refused, type OrderOutcome, type Refusal } from "./orders.server";
import { withinAllowance } from "./allowance.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { ratingsOf } from "./store/reputation.server";
import { checkOrderQuantity, formatQuantity, notEnoughLeft } from "./stock";
import { QUANTITY_DECIMALS, type Handover } from "./vocabulary";
import { cartLines, emptyCart, quantityInCart, removeLine, writeLine } from "./store/cart.server";
import { listingForOrder, type Listing } from "./store/orders.server";
import type { CartItemView, CartView, OrderView, SellerView } from "./wire";

/**
 * A member's cart of listings, and its checkout into orders. A line holds a quantity in its
 * listing's unit; the cart reserves nothing (stock is reserved when an owner accepts a request),
 * so a line may come to ask for more than is left, or for a listing that was paused meanwhile:
 * the cart shows such a line's problem, and a checkout with one is refused whole.
 */

export type CartOutcome = FormSuccess<{ message: string; cart: CartView }> | Refusal;
export type CheckoutOutcome = FormSuccess<{ message: string; orders: OrderView[] }> | Refusal;

/** What a missing listing, and one that takes no requests, answer alike (as a request for it does). */
const NO_SUCH_LISTING = "This listing does not exist or takes no requests.";
export const EMPTY_CART = "Your cart is empty.";

const SCALE = 10 ** QUANTITY_DECIMALS;
/** A sum of two quantities, exact to the thousandth as the stock is. */
const plus = (a: number, b: number) => (Math.round(a * SCALE) + Math.round(b * SCALE)) / SCALE;

type ListingRow = Listing;

/**
 * Why the viewer may not put a listing in the cart at all, or null when they may. A listing not
 * theirs to see and one that takes no requests answer like a missing one; a sample, their own
 * listing and a wanted listing (answered with an offer from its page, since the cart's totals are
 * what the member pays) are conflicts. A listing of a member who blocked the viewer is refused as
 * its request and checkout are (403): a line the checkout would refuse has no place in the cart.
 */
async function cannotCart(viewer: Viewer, listing: ListingRow | undefined): Promise<Refusal | null> {
  if (!listing || listing.status !== "active" || !canSeeListing(viewer, listing, await blockedIdsOf(viewer.id)))
    return refuse("not-found", NO_SUCH_LISTING);
  if (listing.isSample) {
    return refuse("conflict", "This is a sample listing, shown as an example: it cannot be ordered or put in a cart.");
  }
  if (listing.sellerId === viewer.id) return refuse("conflict", "This is your own listing: you cannot order from yourself.");
  if (await blockedEitherWay(viewer.id, listing.sellerId)) return refuse("forbidden", BLOCK_MESSAGES.cannotOrder);
  if (listing.kind === "wanted") {
    return refuse("conflict", "This member is looking for this: answer them with an offer from the listing's page.");
  }
  return null;
}

/** The quantity a line may hold: the stock rules of a request, and when it is above what is left, what the cart already holds. */
function checkLineQuantity(listing: ListingRow, quantity: number, inCart: number): Refusal | null {
  const check = checkOrderQuantity(quantity, listing);
  if (check.ok) return null;
  if (check.reason === "conflict" && inCart > 0) {
    const message = `${check.message} Your cart already holds ${formatQuantity(inCart, listing.unit)}.`;
    return refuse("conflict", message, { quantity: message });
  }
  return refuse(check.reason, check.message, { quantity: check.message });
}

/** Why a line cannot be checked out as it is, in words for the cart page; null when it can. */
function problemOf(listing: ListingRow, quantity: number): string | null {
  if (listing.isSample) return "A sample listing cannot be ordered: remove it.";
  if (listing.kind === "wanted") return "Now a wanted listing: make an offer from its page instead, and remove it here.";
  if (listing.status === "paused") return "Paused by the seller: it takes no requests now. Remove it or wait.";
  if (listing.status === "closed") return "Closed by the seller: remove it.";
  if (listing.quantityLeft <= 0) return "Sold out: remove it.";
  if (Math.round(quantity * SCALE) > Math.round(listing.quantityLeft * SCALE)) {
    return `${notEnoughLeft(listing).message} Lower the quantity.`;
  }
  return null;
}

/** The viewer's cart, lines grouped by seller (in the order each seller's first line was added), with totals. */
export async function getCart(viewer: Viewer, db?: Db): Promise<CartView> {
  const { rows, photos } = await cartLines(viewer, db);
  const ratings = await ratingsOf(rows.map((row) => row.seller.id));
  const sellers = new Map<number, CartView["sellers"][number]>();
  const items: CartItemView[] = [];
  for (const { line, listing, seller } of rows) {
    const item: CartItemView = {
      listing: {
        id: listing.id,
        title: listing.title,
        kind: listing.kind,
        unit: listing.unit,
        price_cents: listing.priceCents,
        quantity_left: listing.quantityLeft,
        status: listing.status,
        is_sample: listing.isSample,
        photo: (await photos).get(listing.id) ?? null,
      },
      quantity: line.quantity,
      total_cents: lineTotalCents(line.quantity, listing.priceCents),
      total_is_estimate: billedByWeight(listing.unit),
      problem: problemOf(listing, line.quantity),
    };
    items.push(item);
    const group = sellers.get(seller.id) ?? {
      seller: { ...seller, ...ratings.get(seller.id)! } satisfies SellerView,
      items: [],
      total_cents: 0,
    };
    group.items.push(item);
    group.total_cents += item.total_cents;
    sellers.set(seller.id, group);
  }
  const groups = [...sellers.values()];
  return { items, sellers: groups, total_cents: groups.reduce((sum, group) => sum + group.total_cents, 0) };
}

/**
 * Adds `quantity` of a listing to the cart (Add to Cart): to the line already there, if any, and
 * never above what is left of the listing.
 */
export async function addToCart(viewer: Viewer, listingId: number, quantity: number, db?: AppDatabase): Promise<CartOutcome> {
  return transaction(async (tx): Promise<CartOutcome> => {
    const listing = await listingForOrder(tx, listingId);
    const refused = await cannotCart(viewer, listing);
    if (refused) return refused;
    // The quantity added is checked alone first, so "half a piece" is named as such, not as a total.
    const added = checkOrderQuantity(quantity, { unit: listing!.unit, quantityLeft: Number.MAX_SAFE_INTEGER });
    if (!added.ok) return refuse(added.reason, added.message, { quantity: added.message });
    const inCart = await quantityInCart(viewer, listingId, tx);
    const total = plus(inCart, quantity);
    const tooMuch = checkLineQuantity(listing!, total, inCart);
    if (tooMuch) return tooMuch;
    await writeLine(tx, viewer, listingId, total);
    return {
      ok: true as const,
      message: `Added ${formatQuantity(quantity, listing!.unit)} of ${listing!.title} to your cart.`,
      cart: await getCart(viewer, tx),
    };
  }, db);
}

/** Sets a line's quantity (PUT /api/cart, the cart page); 0 removes the line, whatever became of its listing. */
export async function setCartQuantity(
  viewer: Viewer,
  listingId: number,
  quantity: number,
  db?: AppDatabase,
): Promise<CartOutcome> {
  return transaction(async (tx): Promise<CartOutcome> => {
    if (quantity === 0) {
      const removed = await removeLine(tx, viewer, listingId);
      const message = removed ? "Removed from your cart." : "That was not in your cart.";
      return { ok: true as const, message, cart: await getCart(viewer, tx) };
    }
    const listing = await listingForOrder(tx, listingId);
    const refused = (await cannotCart(viewer, listing)) ?? checkLineQuantity(listing!, quantity, 0);
    if (refused) return refused;
    await writeLine(tx, viewer, listingId, quantity);
    return {
      ok: true as const,
      message: `Your cart now holds ${formatQuantity(quantity, listing!.unit)} of ${listing!.title}.`,
      cart: await getCart(viewer, tx),
    };
  }, db);
}

/**
 * Turns the cart into requests, all or none, and empties it. One request per line, since an order
 * is about one listing; the answer lists them seller by seller. A line that cannot be requested
 * as it is (sold out, paused, less left than asked for) refuses the whole checkout, names the
 * listing, and leaves the cart as it was, so the member fixes it and tries again.
 */
export async function checkout(
  viewer: Viewer,
  details: { message?: string; handover?: Handover },
  db?: AppDatabase,
): Promise<CheckoutOutcome> {
  // A checkout mails every seller in it: it counts as one of the member's requests of the hour.
  return withinAllowance("request", viewer.id, () => placeCart(viewer, details, db));
}

function placeCart(
  viewer: Viewer,
  details: { message?: string; handover?: Handover },
  db?: AppDatabase,
): Promise<CheckoutOutcome> {
  return inTransaction(db, async (tx) => {
    const cart = await getCart(viewer, tx);
    if (!cart.items.length) return refuse("conflict", EMPTY_CART);
    const orders: OrderView[] = [];
    for (const group of cart.sellers) {
      for (const item of group.items) {
        // A listing turned "wanted" since it was added would make this member the supplier.
        if (item.listing.kind === "wanted") {
          throw new Refused(
            refuse("conflict", `${item.listing.title}: this is now a wanted listing; make an offer from its page.`),
          );
        }
        const outcome: OrderOutcome = await placeRequest(tx, viewer, {
          listing_id: item.listing.id,
          quantity: item.quantity,
          message: details.message,
          handover: details.handover,
        });
        // The checkout has no quantity field: the line is named in the message, no field is to blame.
        if (!outcome.ok) throw new Refused({ ...outcome, message: `${item.listing.title}: ${outcome.message}`, errors: {} });
        orders.push(outcome.order);
      }
    }
    await emptyCart(tx, viewer);
    const sellers = countOf(cart.sellers.length, "seller");
    return {
      ok: true as const,
      message: `${countOf(orders.length, "request")} sent to ${sellers}; you will hear when they are answered.`,
      orders,
    };
  });
}
