import type { ListingKind, OrderAction, OrderState } from "./vocabulary";
import { ORDER_ACTIONS } from "./vocabulary";

/**
 * The one table of order states and who may move an order between them. Every writer of an
 * order's state asks `nextOrderMove` first, and the order page draws its buttons from
 * `nextActions`, so the page never offers a move the server refuses.
 *
 * An order has two parties, its buyer and its seller. The listing's owner is the seller of a sale
 * or a free listing and the buyer of a wanted one (the others offer to supply it); the other party
 * is the one who asked, the requester.
 */

export type OrderParty = "buyer" | "seller";

/**
 * Where an order stands for the table: its stored state, except that an offer the owner countered
 * is `countered` (stored as `requested` with its counter price) until the requester answers.
 */
export type OrderStage = OrderState | "countered";

/** What the table needs to know of an order. */
export type OrderFacts = {
  state: OrderStage;
  listingKind: ListingKind;
  /** Whether the requester offered a price below the asking price: only an offer can be countered. */
  offered: boolean;
  buyerConfirmed: boolean;
  sellerConfirmed: boolean;
};

/** Who may make a move: the listing's owner, the party who asked, or either of them. */
type Mover = "owner" | "requester" | "either";

/**
 * Each state's moves. The owner answers a request (accept reserves the quantity, decline ends
 * it); the requester may withdraw it. An owner who does not want a request declines it rather
 * than cancelling, so a cancellation always means an agreement that fell through, which is what
 * a member's count of cancelled orders tells buyers. An offer below the asking price may instead
 * be countered by the owner with a price of their own; the requester then accepts the counter
 * (which accepts the order at that price and reserves the quantity) or withdraws, and the owner
 * may still decline it. One counter per offer: after it the two settle in the thread. Once
 * accepted, either party may cancel (the reserved quantity returns) until both have confirmed
 * completion, each once. Declined, cancelled and completed are final.
 */
export const ORDER_MOVES: Record<OrderStage, Partial<Record<OrderAction, { by: Mover; to: OrderStage; onlyOffers?: true }>>> = {
  requested: {
    accept: { by: "owner", to: "accepted" },
    counter: { by: "owner", to: "countered", onlyOffers: true },
    decline: { by: "owner", to: "declined" },
    cancel: { by: "requester", to: "cancelled" },
  },
  countered: {
    accept_counter: { by: "requester", to: "accepted" },
    decline: { by: "owner", to: "declined" },
    cancel: { by: "requester", to: "cancelled" },
  },
  accepted: {
    cancel: { by: "either", to: "cancelled" },
    complete: { by: "either", to: "completed" },
  },
  declined: {},
  cancelled: {},
  completed: {},
};

export type OrderMove =
  | {
      ok: true;
      from: OrderState;
      /** The stored state after the move: still `accepted` after the first of the two confirmations, `requested` after a counter. */
      state: OrderState;
      /** Set by `complete`: whose confirmation this move records. */
      confirms?: OrderParty;
      /** What the actor is told. */
      message: string;
    }
  | {
      ok: false;
      /** conflict: the order's state does not allow the move; forbidden: it belongs to the other party. */
      reason: "conflict" | "forbidden";
      message: string;
    };

export const ownerOf = (listingKind: ListingKind): OrderParty => (listingKind === "wanted" ? "buyer" : "seller");
export const otherParty = (party: OrderParty): OrderParty => (party === "buyer" ? "seller" : "buyer");

/** What the order's first message is called: an offer answers a wanted listing, a request the others. */
const askedFor = (listingKind: ListingKind) => (listingKind === "wanted" ? "offer" : "request");

const FINAL_STATE_MESSAGES: Partial<Record<OrderState, string>> = {
  declined: "This order was declined, so nothing more can happen to it.",
  cancelled: "This order was cancelled, so nothing more can happen to it.",
  completed: "This order is already completed.",
};

function conflictMessage(order: OrderFacts, action: OrderAction) {
  const noun = askedFor(order.listingKind);
  const final = order.state === "countered" ? undefined : FINAL_STATE_MESSAGES[order.state];
  if (final) return final;
  if (order.state === "countered") {
    if (action === "counter") return "This offer was already countered; settle the price in the messages.";
    if (action === "accept") return "You countered this offer: it waits for the requester to accept your price or withdraw.";
    return "This order has not been accepted yet, so it cannot be completed.";
  }
  if (order.state === "requested") {
    if (action === "counter") return `Only an offer below the asking price can be countered; accept or decline this ${noun}.`;
    if (action === "accept_counter") return "There is no counter to accept on this order.";
    return `This ${noun} has not been accepted yet, so it cannot be completed.`;
  }
  const verb = { accept: "accepted", decline: "declined", counter: "countered", accept_counter: "accepted" } as const;
  return `This ${noun} has already been accepted, so it cannot be ${verb[action as keyof typeof verb] ?? "accepted"} again.`;
}

function forbiddenMessage(order: OrderFacts, action: OrderAction) {
  const owner = ownerOf(order.listingKind);
  const noun = askedFor(order.listingKind);
  if (action === "cancel") return `To turn down this ${noun}, decline it; only the ${otherParty(owner)} can withdraw it.`;
  if (action === "accept_counter") return `Only the ${otherParty(owner)} can accept the counter to their ${noun}.`;
  return `Only the ${owner} can ${action} this ${noun}.`;
}

function successMessage(order: OrderFacts, action: OrderAction, actor: OrderParty, state: OrderState) {
  const noun = askedFor(order.listingKind);
  switch (action) {
    case "accept":
      return `You accepted the ${noun}; the quantity is reserved for it.`;
    case "counter":
      return `You countered the ${noun}; it waits for the ${otherParty(ownerOf(order.listingKind))} to accept your price or withdraw.`;
    case "accept_counter":
      return "You accepted the counter; the order is accepted at that price and the quantity is reserved for it.";
    case "decline":
      return `You declined the ${noun}.`;
    case "cancel":
      return order.state !== "accepted"
        ? `You withdrew your ${noun}.`
        : "You cancelled the order; the reserved quantity is available again.";
    case "complete":
      return state === "completed"
        ? "Both of you confirmed: the order is completed."
        : `You confirmed completion; the order completes when the ${otherParty(actor)} confirms too.`;
  }
}

/** What the state table reads of a stored order. */
export const factsOf = (
  order: {
    state: OrderState;
    offerPriceCents: number | null;
    counterPriceCents: number | null;
    buyerConfirmedAt: Date | null;
    sellerConfirmedAt: Date | null;
  },
  listingKind: ListingKind,
): OrderFacts => ({
  state: order.state === "requested" && order.counterPriceCents !== null ? "countered" : order.state,
  listingKind,
  offered: order.offerPriceCents !== null,
  buyerConfirmed: order.buyerConfirmedAt !== null,
  sellerConfirmed: order.sellerConfirmedAt !== null,
});

/**
 * Whether `actor` may make `action` on the order now, and the state it leads to. A move that no
 * party may make in this state is a conflict; one that only the other party may make is
 * forbidden. Confirming completion twice is a conflict: the order waits for the other party.
 */
export function nextOrderMove(order: OrderFacts, actor: OrderParty, action: OrderAction): OrderMove {
  const move = ORDER_MOVES[order.state][action];
  if (!move || (move.onlyOffers && !order.offered))
    return { ok: false, reason: "conflict", message: conflictMessage(order, action) };
  const owner = ownerOf(order.listingKind);
  const allowed = move.by === "either" || (move.by === "owner") === (actor === owner);
  if (!allowed) return { ok: false, reason: "forbidden", message: forbiddenMessage(order, action) };
  const from = storedState(order.state);
  if (action !== "complete") {
    const state = storedState(move.to);
    return { ok: true, from, state, message: successMessage(order, action, actor, state) };
  }
  const confirmed = { buyer: order.buyerConfirmed, seller: order.sellerConfirmed };
  if (confirmed[actor]) {
    return {
      ok: false,
      reason: "conflict",
      message: `You have already confirmed completion; the order completes when the ${otherParty(actor)} confirms too.`,
    };
  }
  const state = confirmed[otherParty(actor)] ? storedState(move.to) : from;
  return { ok: true, from, state, confirms: actor, message: successMessage(order, action, actor, state) };
}

/** The state an order in `stage` is stored in. */
const storedState = (stage: OrderStage): OrderState => (stage === "countered" ? "requested" : stage);

/** The moves `actor` may make now, in the order the order page shows their buttons. */
export function nextActions(order: OrderFacts, actor: OrderParty): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => nextOrderMove(order, actor, action).ok);
}

/** What stops a member deleting their account: the other party relies on an accepted order that is not finished yet. */
export function blockingOrderMessage(order: { id: number; title: string }) {
  return `Your order #${order.id} for ${order.title} is accepted and not completed yet: complete or cancel it first.`;
}

/** The reason written on each request still waiting for an answer when its party deletes the account. */
export const DELETED_ACCOUNT_REASON = "The member deleted their account.";
