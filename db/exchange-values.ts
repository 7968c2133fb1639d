/**
 * The closed sets of values the exchange's tables hold. The database checks each (CHECK
 * constraints in db/schema/), and app/features/exchange/vocabulary.ts gives them their labels.
 * Plain values only, so the browser may import them without the schema's table definitions.
 */

/** For sale, free to a good home, or wanted (the owner is the buyer and others offer). */
export const LISTING_KINDS = ["sale", "free", "wanted"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_UNITS = ["piece", "kg", "t"] as const;
export type ListingUnit = (typeof LISTING_UNITS)[number];

/** How a thing changes hands: the buyer collects it, the seller delivers it, or the buyer arranges transport. */
export const HANDOVERS = ["collection", "delivery", "buyer_transport"] as const;
export type Handover = (typeof HANDOVERS)[number];

/** Only an active listing takes requests; a paused one can be reopened; a closed one stays readable. */
export const LISTING_STATUSES = ["active", "paused", "closed"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_CONDITIONS = ["new", "like_new", "used", "refurbished", "for_parts", "scrap"] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

/** What a listing is mostly made of; the impact figures read it. */
export const MATERIALS = [
  "plastics",
  "metals",
  "paper",
  "glass",
  "organics",
  "textiles",
  "wood",
  "electronics",
  "construction",
  "mixed",
] as const;
export type Material = (typeof MATERIALS)[number];

/**
 * An order's stored state. An offer the owner countered stays `requested` (with its counter price
 * set) until the requester accepts the counter or withdraws: order-states.ts reads it as its own
 * stage, `countered`.
 */
export const ORDER_STATES = ["requested", "accepted", "declined", "cancelled", "completed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** In the order the order page shows their buttons. */
export const ORDER_ACTIONS = ["accept", "accept_counter", "counter", "decline", "cancel", "complete"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What an order event records: the request that opened the order, then each move. */
export const ORDER_EVENT_ACTIONS = ["request", ...ORDER_ACTIONS] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** A listing's price per unit, in whole cents: up to one million in the currency's units. */
export const MAX_PRICE_CENTS = 100_000_000;
