import { numberFormat } from "~/lib/intl";
import type { ListingUnit, OrderState } from "./vocabulary";

/**
 * What an order, or a cart line, costs. A listing priced per kg or per t is billed on the weight
 * both parties confirmed when the order completed (the agreed price per unit times that weight in
 * the listing's unit); until then its total is the requested quantity's, an estimate. A listing
 * in pieces costs its price times the pieces. One module, so the order page, the API and the
 * impact ledger's revenue and cost give the same figure.
 */

/** A quantity's cost at a price per unit, in whole cents. */
export const lineTotalCents = (quantity: number, unitPriceCents: number) => Math.round(quantity * unitPriceCents);

/** Whether a listing in this unit is billed on the weight that changed hands. */
export const billedByWeight = (unit: ListingUnit) => unit !== "piece";

/** An order's total, and whether it is an estimate: a kg or t order not completed yet, or completed without a weight. */
export function orderTotal(
  order: { state: OrderState; quantity: number; unitPriceCents: number; weightKg: number | null },
  unit: ListingUnit,
): { totalCents: number; isEstimate: boolean } {
  if (!billedByWeight(unit)) return { totalCents: lineTotalCents(order.quantity, order.unitPriceCents), isEstimate: false };
  if (order.state !== "completed" || order.weightKg === null)
    return { totalCents: lineTotalCents(order.quantity, order.unitPriceCents), isEstimate: true };
  // Per tonne: the price of a thousand kg, so the cents come from kg first to stay exact.
  const settled = unit === "t" ? (order.unitPriceCents * order.weightKg) / 1000 : order.unitPriceCents * order.weightKg;
  return { totalCents: Math.round(settled), isEstimate: false };
}

/** A price per unit in words, as a mail tells it: "$0.45 per kg". */
export function pricePerUnitText(cents: number, currency: string, unit: ListingUnit) {
  const price = numberFormat({ style: "currency", currency, minimumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100);
  return `${price} per ${unit}`;
}
