import { numberFormat } from "~/lib/intl";
import type { ListingUnit, OrderState } from "./vocabulary";
import { QUANTITY_DECIMALS, UNIT_LABELS } from "./vocabulary";

/**
 * A listing's stock: how much is left (`quantity_left`) and how an order's moves change it. The
 * quantity is reserved when the owner accepts, not when a member asks, so requests never hold
 * stock that nobody agreed to; it returns when an accepted order is cancelled, and stays taken
 * when the order completes. Declining or withdrawing a request changes nothing.
 *
 * Quantities of kg and t carry up to three decimals, so every sum is worked out in thousandths
 * (whole numbers, exact) and the database rounds the same way (`round(x, 3)`).
 */

const SCALE = 10 ** QUANTITY_DECIMALS;
const thousandths = (quantity: number) => Math.round(quantity * SCALE);
const fromThousandths = (value: number) => value / SCALE;

/**
 * Whether a number has at most three decimals (1.25 yes, 1.2345 no). The tolerance is relative,
 * for the binary rounding of a sum such as 0.1 + 0.2: an absolute one let any number near zero
 * through (1e-320 is not a gram), and a number just short of a gram (0.0009999999999) too.
 */
export const hasAtMostThreeDecimals = (quantity: number) =>
  Math.abs(quantity * SCALE - thousandths(quantity)) <= Math.abs(quantity * SCALE) * 1e-12;

/** "1 piece", "3 pieces", "2.5 t", "250 kg". */
export function formatQuantity(quantity: number, unit: ListingUnit) {
  const number = numberFormat({ maximumFractionDigits: QUANTITY_DECIMALS }).format(quantity);
  return `${number} ${quantity === 1 ? UNIT_LABELS[unit].one : UNIT_LABELS[unit].other}`;
}

export type StockRefusal = { ok: false; reason: "invalid" | "conflict"; message: string };

/**
 * Whether an order may ask for `quantity` of a listing with `quantityLeft` left: whole pieces,
 * at least one; kg and t above zero to at most three decimals (a gram, a kilogram); never more
 * than is left. A quantity that is not a quantity is invalid; one above what is left conflicts
 * with the stock as it is now.
 */
export function checkOrderQuantity(
  quantity: number,
  listing: { unit: ListingUnit; quantityLeft: number },
): { ok: true } | StockRefusal {
  if (!Number.isFinite(quantity)) return { ok: false, reason: "invalid", message: "Choose a quantity." };
  if (listing.unit === "piece") {
    if (!Number.isInteger(quantity)) return { ok: false, reason: "invalid", message: "Choose a whole number of pieces." };
    if (quantity < 1) return { ok: false, reason: "invalid", message: "Choose at least 1 piece." };
  } else {
    if (quantity <= 0) return { ok: false, reason: "invalid", message: `Choose a quantity above 0 ${listing.unit}.` };
    if (!hasAtMostThreeDecimals(quantity)) {
      return { ok: false, reason: "invalid", message: "Give the quantity with at most three decimals." };
    }
  }
  if (thousandths(quantity) > thousandths(listing.quantityLeft)) return { ok: false, ...notEnoughLeft(listing) };
  return { ok: true };
}

/** The refusal of a quantity above what is left, saying how much is. */
export function notEnoughLeft(listing: { unit: ListingUnit; quantityLeft: number }) {
  return {
    reason: "conflict" as const,
    message:
      listing.quantityLeft <= 0
        ? "Nothing is left of this listing."
        : `Only ${formatQuantity(listing.quantityLeft, listing.unit)} left.`,
  };
}

/** What is left after reserving `quantity`: refused, never negative, when not that much is left. */
export function reserve(
  listing: { unit: ListingUnit; quantityLeft: number },
  quantity: number,
): { ok: true; quantityLeft: number } | StockRefusal {
  const left = thousandths(listing.quantityLeft) - thousandths(quantity);
  if (thousandths(quantity) <= 0) return { ok: false, reason: "invalid", message: "Choose a quantity above zero." };
  if (left < 0) return { ok: false, ...notEnoughLeft(listing) };
  return { ok: true, quantityLeft: fromThousandths(left) };
}

/** What is left once a reserved `quantity` returns; never more than the listing's whole quantity. */
export function release(listing: { quantity: number; quantityLeft: number }, quantity: number) {
  return fromThousandths(Math.min(thousandths(listing.quantity), thousandths(listing.quantityLeft) + thousandths(quantity)));
}

/**
 * How an order's move changes what is left, as a signed quantity: minus the order's quantity
 * when it is accepted, plus it when an accepted order is cancelled, nothing otherwise (a request
 * declined or withdrawn never held any; a completed order keeps what it took).
 */
export function stockChange(from: OrderState, to: OrderState, quantity: number) {
  if (from === "requested" && to === "accepted") return -quantity;
  if (from === "accepted" && to === "cancelled") return quantity;
  return 0;
}

/**
 * The weight that changed hands, in kg, when nobody weighed it: pieces by their weight each,
 * kg as they are, tonnes times 1000. Null when a piece's weight is unknown.
 */
export function weightOf(quantity: number, unit: ListingUnit, weightPerUnitKg: number | null) {
  if (unit === "kg") return quantity;
  if (unit === "t") return fromThousandths(thousandths(quantity) * 1000);
  return weightPerUnitKg === null ? null : Math.round(quantity * weightPerUnitKg * SCALE) / SCALE;
}
