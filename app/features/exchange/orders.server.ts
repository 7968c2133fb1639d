import { blockedEitherWay, blockedIdsOf, canSeeListing, canSeeOrder, type Viewer } from "~/services/access.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { type AppDatabase, type Db, transaction } from "~/services/database/db.server";
import { refuse, type FormFailure, type FormSuccess } from "~/lib/forms";
import { factsOf, nextOrderMove, otherParty, type OrderParty } from "./order-states";
import { checkOrderQuantity, notEnoughLeft, stockChange, weightOf } from "./stock";
import type { Handover, ListingCondition, ListingUnit, Material, OrderAction } from "./vocabulary";
import type { OrderTransferDetails } from "../../../db/waste-values";
import { organisationOf } from "~/features/organisation/store/organisation.server";
import { mergeTransferDetails, type TransferDetailsInput } from "./transfer-details";
import type { OrderView } from "./wire";
import { withinAllowance } from "./allowance.server";
import { organisationRefusal } from "./waste-listing.server";
import { exchangeChanged } from "./cache.server";
import { orderTotal, pricePerUnitText } from "./pricing";
import { getEnv } from "~/services/env.server";
import {
  addOrderEvent,
  applyOrderMove,
  insertOrder,
  listingForOrder,
  orderWithListing,
  readOrder,
  releaseStock,
  reserveStock,
  tellOtherParty,
} from "./store/orders.server";

/**
 * Orders: asking for a listing, and moving an order through the state table (order-states.ts).
 * Each call is one IMMEDIATE transaction, so two processes on the same file take turns; within
 * it every write that depends on what was read is conditional (the order's state, the listing's
 * stock), so a decision made on a stale read changes nothing and is refused instead.
 */

export type Refusal = FormFailure<{
  message: string;
  reason: "invalid" | "forbidden" | "not-found" | "conflict" | "rate-limited";
  retryAfterSeconds?: number;
}>;
export type OrderOutcome = FormSuccess<{ message: string; order: OrderView }> | Refusal;

/** Thrown inside a transaction to roll it back and answer the refusal it carries. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * Runs `work` in one IMMEDIATE transaction (services/database/db.server's `transaction`): a refusal it
 * answers commits what it wrote (nothing, by the rules below); a `Refused` it throws rolls back
 * everything and is answered instead.
 */
export async function inTransaction<T>(
  db: AppDatabase | undefined,
  work: (tx: Db) => Promise<T | Refusal>,
): Promise<T | Refusal> {
  try {
    return await transaction(work, db);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * What an order's completion tells those who keep figures or papers of it: the weight that
 * changed hands and what it was, and of a waste order what its transfer note names (the waste,
 * how it changed hands, what each party gave and when each confirmed).
 */
export type CompletedOrder = {
  id: number;
  buyerId: number;
  sellerId: number;
  quantity: number;
  /** The agreed price per unit. */
  unitPriceCents: number;
  /** What the order cost: by the confirmed weight for a listing per kg or t (pricing.ts). */
  totalCents: number;
  weightKg: number | null;
  /** Whether a party gave the weight as weighed; false when it was worked out from the quantity. */
  weighed: boolean;
  handover: Handover;
  /** When each party confirmed completion; the later one is when the order completed. */
  confirmedAt: { buyer: Date; seller: Date };
  /** The member whose confirmation completed it. */
  completedBy: number;
  listing: {
    id: number;
    material: Material;
    condition: ListingCondition;
    category: string;
    unit: ListingUnit;
    /** Null unless it is a waste listing. */
    waste: {
      ewcCodes: string[];
      description: string;
      physicalForm: string;
      containerType: string;
      containers: number;
    } | null;
  };
  /** What the parties of a waste order gave for its transfer note; null for any other order. */
  transferDetails: OrderTransferDetails | null;
};

type OrderCompletedHandler = (tx: Db, order: CompletedOrder) => Promise<void>;
const completionHandlers = new Set<OrderCompletedHandler>();

/**
 * Registers, at start-up, what runs when an order completes (the impact ledger's entries), so the
 * exchange needs to know nothing of who listens. Each handler runs inside the completing
 * transaction: what it writes exists exactly when the order is completed, and a handler that
 * throws rolls the completion back. Answers the handler's removal (for tests).
 */
export function onOrderCompleted(handler: OrderCompletedHandler): () => void {
  completionHandlers.add(handler);
  return () => completionHandlers.delete(handler);
}

/** What a missing order, and one that is not the viewer's, answer alike. */
const NO_SUCH_ORDER = "This order does not exist.";
/** What a missing listing, and one that takes no requests, answer alike. */
const NO_SUCH_LISTING = "This listing does not exist or takes no requests.";

/**
 * A member asks for a listing: a request on a sale or free listing (the member buys), an offer
 * on a wanted one (the member supplies, and the listing's owner is the buyer). The order waits
 * in `requested` and reserves nothing until the owner accepts. Refused: a listing that does not
 * exist, is not the viewer's to see or takes no requests (paused, closed) alike; a sample
 * listing; the viewer's own listing; a listing of a member who blocked the viewer (403); a waste
 * listing when the viewer has no organisation (409); a quantity that is not whole pieces or is above what is left;
 * an offer on a listing that is not for sale, or not below its asking price (400, naming the field).
 */
export async function requestOrder(viewer: Viewer, request: OrderRequestFields, db?: AppDatabase): Promise<OrderOutcome> {
  // Each request mails the listing's owner: within the member's hourly allowance.
  return withinAllowance("request", viewer.id, () => inTransaction(db, (tx) => placeRequest(tx, viewer, request)));
}

/**
 * The listing the viewer may order from or ask about before ordering, or why not: one that does
 * not exist, is not theirs to see or takes no requests (paused, closed) answers alike; a sample
 * listing and their own are refused; a member who blocked the viewer hears nothing from them.
 */
export async function listingOpenTo(
  tx: Db,
  viewer: Viewer,
  listingId: number,
  doing: "order" | "ask",
): Promise<{ ok: true; listing: NonNullable<Awaited<ReturnType<typeof listingForOrder>>> } | Refusal> {
  const listing = await listingForOrder(tx, listingId);
  if (!listing || listing.status !== "active" || !canSeeListing(viewer, listing, await blockedIdsOf(viewer.id)))
    return refuse("not-found", NO_SUCH_LISTING);
  if (listing.isSample)
    return refuse(
      "conflict",
      `This is a sample listing, shown as an example: it cannot be ${doing === "order" ? "ordered" : "asked about"}.`,
    );
  if (listing.sellerId === viewer.id)
    return refuse(
      "conflict",
      doing === "order"
        ? "This is your own listing: you cannot order from yourself."
        : "This is your own listing: you cannot ask yourself.",
    );
  // A member the viewer blocked has no listing the viewer sees (not-found above); one who blocked
  // the viewer takes no request or question from them.
  if (await blockedEitherWay(viewer.id, listing.sellerId))
    return refuse("forbidden", doing === "order" ? BLOCK_MESSAGES.cannotOrder : BLOCK_MESSAGES.cannotMessage);
  return { ok: true, listing };
}

export type OrderRequestFields = {
  listing_id: number;
  quantity: number;
  message?: string;
  handover?: Handover;
  /** A price per unit below the asking price, which the owner accepts, declines or counters. */
  offer_price_cents?: number;
};

/**
 * `requestOrder` inside a transaction the caller holds, so a checkout places one request per
 * line in a single transaction. Answers the refusal and writes nothing when refused; the caller
 * rolls back what it wrote before (throw `new Refused(outcome)`).
 */
export async function placeRequest(tx: Db, viewer: Viewer, request: OrderRequestFields): Promise<OrderOutcome> {
  const open = await listingOpenTo(tx, viewer, request.listing_id, "order");
  if (!open.ok) return open;
  const { listing } = open;
  // A waste order ends in a transfer note naming both parties' businesses.
  if (listing.ewcCodes) {
    const noOrganisation = await organisationRefusal(viewer.id);
    if (noOrganisation) return noOrganisation;
  }
  const quantity = checkOrderQuantity(request.quantity, listing);
  // The quantity is the request's field at fault, whether it is not a quantity or more than is left.
  if (!quantity.ok) return refuse(quantity.reason, quantity.message, { quantity: quantity.message });
  const offer = request.offer_price_cents;
  if (offer !== undefined) {
    const refusal = offerRefusal(offer, listing);
    if (refusal) return refuse("invalid", refusal, { offer_price_cents: refusal });
  }

  const ownerBuys = listing.kind === "wanted";
  const id = await insertOrder(
    tx,
    {
      listingId: listing.id,
      buyerId: ownerBuys ? listing.sellerId : viewer.id,
      sellerId: ownerBuys ? viewer.id : listing.sellerId,
      quantity: request.quantity,
      unitPriceCents: offer ?? listing.priceCents,
      offerPriceCents: offer ?? null,
      handover: request.handover ?? listing.handover,
      message: request.message ?? null,
    },
    viewer.id,
  );
  await tellOtherParty(tx, {
    orderId: id,
    actorId: viewer.id,
    recipientId: listing.sellerId,
    event: "request",
    listing,
    quantity: request.quantity,
    text: request.message ?? null,
    offer: offer !== undefined ? pricePerUnitText(offer, getEnv().currency, listing.unit) : undefined,
  });
  const noun = ownerBuys || offer !== undefined ? "offer" : "request";
  return {
    ok: true,
    message: `Your ${noun} was sent; you will hear when it is answered.`,
    order: (await readOrder(tx, viewer, id))!,
  };
}

/**
 * Why an offer cannot be made: only a listing for sale takes one (a free listing asks nothing and
 * a wanted listing's price is its owner's, who buys), and an offer is below the asking price: at
 * the asking price there is nothing to answer, so a request is sent without one.
 */
function offerRefusal(offer: number, listing: { kind: string; priceCents: number }) {
  if (listing.kind !== "sale") return "Only a listing for sale takes an offer; send the request without one.";
  if (offer >= listing.priceCents)
    return "An offer is below the asking price; to pay the asking price, send the request without one.";
  return null;
}

/**
 * Why a counter price cannot stand: it lies above the offer (at the offer, the owner accepts it)
 * and at most the asking price (a counter at the asking price says the price stands).
 */
function counterRefusal(price: number | undefined, offer: number, asking: number) {
  if (price === undefined) return "Give your counter price per unit.";
  if (price <= offer || price > asking)
    return `A counter lies above the offer (${formatCents(offer)}) and at most the asking price (${formatCents(asking)}).`;
  return null;
}

const formatCents = (cents: number) => (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });

/**
 * A party moves an order: accept, decline, cancel or confirm completion, as the state table
 * allows. Accepting reserves the quantity (refused, changing nothing, when not that much is left
 * any more); cancelling an accepted order returns it; the second confirmation completes the order
 * and records the weight that changed hands (the weighed total if a party gave one, else worked
 * out from the quantity). A counter names the owner's price (`price_cents`), which becomes the
 * order's price per unit; accepting the counter accepts the order at it. Every move is recorded in
 * the order's history with its reason (and a counter with its price).
 */
export async function moveOrder(
  viewer: Viewer,
  orderId: number,
  action: OrderAction,
  details: { reason?: string; weight_kg?: number; price_cents?: number } & TransferDetailsInput = {},
  db?: AppDatabase,
): Promise<OrderOutcome> {
  const outcome = await inTransaction(db, async (tx) => {
    const row = await orderWithListing(tx, orderId);
    if (!row || !canSeeOrder(viewer, row.order)) return refuse("not-found", NO_SUCH_ORDER);
    const { order, listing } = row;
    const party: OrderParty = order.buyerId === viewer.id ? "buyer" : "seller";
    const facts = factsOf(order, listing.kind);
    const move = nextOrderMove(facts, party, action);
    if (!move.ok) return refuse(move.reason, move.message);
    if (action === "counter") {
      const refusal = counterRefusal(details.price_cents, order.offerPriceCents!, listing.priceCents);
      if (refusal) return refuse("invalid", refusal, { price_cents: refusal });
    }
    const counterPrice = action === "counter" ? details.price_cents! : undefined;

    // The first weighed total stands: the impact figures read it, so the second party cannot
    // silently replace it. A different one is refused; they settle it in the thread.
    if (
      action === "complete" &&
      details.weight_kg !== undefined &&
      order.weightKg !== null &&
      details.weight_kg !== order.weightKg
    ) {
      const weighed = order.weightKg.toLocaleString("en-US", { maximumFractionDigits: 3 });
      return refuse(
        "conflict",
        `The ${otherParty(party)} already recorded a weighed total of ${weighed} kg. Confirm without a weight to accept it, or agree on it in the messages first.`,
      );
    }
    // A weighed total is given with the first confirmation, so the second is the other party's
    // agreement to it: given with the second, nobody else would have seen it, yet both ledgers
    // would book it as confirmed.
    if (action === "complete" && details.weight_kg !== undefined && order.weightKg === null && move.state === "completed") {
      return refuse(
        "conflict",
        `The ${otherParty(party)} already confirmed completion without a weighed total, so the weight counts from the quantity. Confirm without a weight, or agree on it in the messages first.`,
      );
    }

    // A waste order's confirmation gives the transfer note's parts this party owes (transfer-details.ts).
    const waste = action === "complete" && listing.ewcCodes !== null;
    let transferDetails = order.transferDetails;
    if (waste) {
      if (!(await organisationOf(viewer.id))) return refuse("conflict", "Add your organisation's details first.");
      const merged = mergeTransferDetails(party, order.handover, details, order.transferDetails);
      if (!merged.ok) return refuse("invalid", merged.message, merged.errors);
      transferDetails = merged.details;
      // The note states a weight: one that the quantity cannot give is weighed by whoever confirms first.
      if (
        details.weight_kg === undefined &&
        order.weightKg === null &&
        weightOf(order.quantity, listing.unit, listing.weightPerUnitKg) === null
      ) {
        return refuse("invalid", "The transfer note needs the weight that changed hands.", {
          weight_kg: "Give the weighed total in kg: it cannot be worked out from the quantity",
        });
      }
    }

    const now = new Date();
    const weightKg =
      action === "complete"
        ? (details.weight_kg ??
          order.weightKg ??
          (move.state === "completed" ? weightOf(order.quantity, listing.unit, listing.weightPerUnitKg) : null))
        : order.weightKg;
    // Conditional on the state read above: of two moves decided on the same state, one applies.
    const moved = await applyOrderMove(tx, {
      orderId: order.id,
      from: move.from,
      state: move.state,
      confirms: move.confirms,
      weightKg,
      transferDetails,
      counterPriceCents: counterPrice,
      countered: facts.state === "countered",
      now,
    });
    if (!moved) throw new Refused(refuse("conflict", "This order changed meanwhile; look at it again and retry."));

    const change = stockChange(move.from, move.state, order.quantity);
    if (change < 0 && !(await reserveStock(tx, listing.id, order.quantity, now))) {
      const fresh = (await listingForOrder(tx, listing.id))!;
      const { message } = notEnoughLeft(fresh);
      throw new Refused(refuse("conflict", `${message} This request asks for more, so it cannot be accepted.`));
    }
    if (change > 0) await releaseStock(tx, listing.id, order.quantity, now);

    await addOrderEvent(tx, {
      orderId: order.id,
      action,
      state: move.state,
      actorId: viewer.id,
      reason: details.reason ?? null,
      priceCents: counterPrice ?? null,
      at: now,
    });
    // Both parties' ledgers gain the weight that changed hands, or neither does: same transaction.
    if (move.state === "completed") {
      const completed: CompletedOrder = {
        id: order.id,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        quantity: order.quantity,
        unitPriceCents: order.unitPriceCents,
        totalCents: orderTotal({ ...order, state: "completed", weightKg }, listing.unit).totalCents,
        weightKg,
        weighed: details.weight_kg !== undefined || order.weightKg !== null,
        handover: order.handover,
        confirmedAt: {
          buyer: move.confirms === "buyer" ? now : order.buyerConfirmedAt!,
          seller: move.confirms === "seller" ? now : order.sellerConfirmedAt!,
        },
        completedBy: viewer.id,
        listing: {
          id: listing.id,
          material: listing.material,
          condition: listing.condition,
          category: listing.category,
          unit: listing.unit,
          waste: listing.ewcCodes
            ? {
                ewcCodes: listing.ewcCodes,
                description: listing.wasteDescription ?? "",
                physicalForm: listing.physicalForm ?? "",
                containerType: listing.containerType ?? "",
                containers: listing.containers ?? 0,
              }
            : null,
        },
        transferDetails: listing.ewcCodes ? transferDetails : null,
      };
      for (const handler of completionHandlers) await handler(tx, completed);
    }
    await tellOtherParty(tx, {
      orderId: order.id,
      actorId: viewer.id,
      recipientId: party === "buyer" ? order.sellerId : order.buyerId,
      event: action === "complete" && move.state === "completed" ? "completed" : action,
      listing,
      quantity: order.quantity,
      text:
        counterPrice !== undefined ? pricePerUnitText(counterPrice, getEnv().currency, listing.unit) : (details.reason ?? null),
    });
    return { ok: true, message: move.message, order: (await readOrder(tx, viewer, order.id))! };
  });
  // An accepted or cancelled order moved stock: searches (sold out, what is left) are read afresh.
  if (outcome.ok) exchangeChanged();
  return outcome;
}

/** An order as the viewer sees it, with its history and the viewer's next moves; null when it is not theirs to see. */
export async function getOrder(viewer: Viewer, orderId: number, db?: AppDatabase): Promise<OrderView | null> {
  return readOrder(db, viewer, orderId);
}
