import {
  MATERIALS,
  type Handover,
  type ListingCondition,
  type ListingKind,
  type ListingStatus,
  type ListingUnit,
  type OrderAction,
  type OrderState,
} from "../../../db/exchange-values";
import { PRODUCT_CATEGORIES } from "~/vocabulary/categories";
import { MATERIAL_LABELS } from "~/vocabulary/materials";

/**
 * The exchange's vocabulary: the values a listing and an order can take, their labels, and the
 * limits the forms, the actions, the API and the queries share. Money is whole cents per unit.
 * Plain values only, so the browser and the server read the same lists.
 */

// The value lists live in db/ so the tables' CHECK constraints use the very same ones.
export * from "../../../db/exchange-values";

export const LISTING_KIND_LABELS = {
  sale: "For sale",
  free: "Free to a good home",
  wanted: "Wanted",
} as const satisfies Record<ListingKind, string>;

/** A unit as a quantity is written with it: "3 pieces", "250 kg", "1.5 t". */
export const UNIT_LABELS = {
  piece: { one: "piece", other: "pieces" },
  kg: { one: "kg", other: "kg" },
  t: { one: "t", other: "t" },
} as const satisfies Record<ListingUnit, { one: string; other: string }>;

/** The unit as a form's choice shows it. */
export const UNIT_CHOICE_LABELS = {
  piece: "Pieces",
  kg: "Kilograms (kg)",
  t: "Tonnes (t)",
} as const satisfies Record<ListingUnit, string>;

export const HANDOVER_LABELS = {
  collection: "Collection by the buyer",
  delivery: "Delivery by the seller",
  buyer_transport: "Buyer arranges transport",
} as const satisfies Record<Handover, string>;

export const LISTING_STATUS_LABELS = {
  active: "Active",
  paused: "Paused",
  closed: "Closed",
} as const satisfies Record<ListingStatus, string>;

export const CONDITION_LABELS = {
  new: "New",
  like_new: "Like new",
  used: "Used",
  refurbished: "Refurbished",
  for_parts: "For parts or repair",
  scrap: "Scrap or raw material",
} as const satisfies Record<ListingCondition, string>;

// A listing names its material in the words the impact ledger uses too.
export { MATERIAL_LABELS } from "~/vocabulary/materials";

export const ORDER_STATE_LABELS = {
  requested: "Requested",
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
  completed: "Completed",
} as const satisfies Record<OrderState, string>;

/** An order's state as its pages show it: an offer the owner countered waits, still requested, on the requester's answer. */
export const orderStateLabel = (order: { state: OrderState; counter_price_cents: number | null }) =>
  order.state === "requested" && order.counter_price_cents !== null ? "Countered" : ORDER_STATE_LABELS[order.state];

/** The buttons of the order page. */
export const ORDER_ACTION_LABELS = {
  accept: "Accept",
  accept_counter: "Accept counter",
  counter: "Counter",
  decline: "Decline",
  cancel: "Cancel order",
  complete: "Confirm completion",
} as const satisfies Record<OrderAction, string>;

/**
 * A listing's categories: the marketplace's product categories, then the materials a waste
 * business trades in. A material key is a category too, so a bale of PET is listed under
 * "Plastics" and also says its material is plastics; "electronics" is both a product category
 * (a working laptop) and a material (electronics waste) and is listed once, as the product one.
 */
export const LISTING_CATEGORIES = [
  ...PRODUCT_CATEGORIES.map(({ value, label }) => ({ value, label })),
  ...MATERIALS.filter((material) => !PRODUCT_CATEGORIES.some((category) => category.value === material)).map((material) => ({
    value: material,
    label: MATERIAL_LABELS[material],
  })),
] as const;
export const LISTING_CATEGORY_VALUES = LISTING_CATEGORIES.map((category) => category.value) as [string, ...string[]];

export const listingCategoryLabel = (value: string) =>
  LISTING_CATEGORIES.find((category) => category.value === value)?.label ?? value;

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_LOCATION_LENGTH = 100;
export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REASON_LENGTH = 500;
export const MAX_LISTING_PHOTOS = 5;
/** A waste listing's own description of the waste, as its transfer note will carry it. */
export const MAX_WASTE_DESCRIPTION_LENGTH = 1000;
/** The containers a waste listing may name. */
export const MAX_CONTAINERS = 100_000;
/** What a member without an organisation is told when they publish a waste listing or order from one. */
export const ORGANISATION_NEEDED = "Add your organisation's details first.";

/**
 * The largest quantity a listing or an order may name, in its unit. Quantities of kg and t carry
 * up to three decimals (a gram, a kilogram); with at most ten digits before them every quantity
 * and every difference of two is exact in the REAL column and in JavaScript.
 */
export const MAX_QUANTITY = 10_000_000;
export const QUANTITY_DECIMALS = 3;
/** A piece's weight, in kg: up to 1000 t, to a gram. */
export const MAX_WEIGHT_PER_UNIT_KG = 1_000_000;
/** An order's weighed total, in kg. */
export const MAX_ORDER_WEIGHT_KG = 1_000_000_000;
