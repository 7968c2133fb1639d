import { PRODUCT_CATEGORIES } from "~/vocabulary/categories";
import type { ListingCondition } from "~/features/exchange/vocabulary";
import { MATERIALS, MAX_ENTRY_WEIGHT_G, type Treatment } from "./vocabulary";

/**
 * What happened to what changed hands in an order: recycled when it was scrap or a raw material
 * (listed under a material's category), reused otherwise. "electronics" is both a product
 * category (a working laptop) and a material; the marketplace lists it as the product one, so a
 * laptop sold in working order is reused, and only scrap electronics count as recycled.
 */
export function orderTreatment(listing: {
  condition: ListingCondition;
  category: string;
}): Extract<Treatment, "reused" | "recycled"> {
  if (listing.condition === "scrap") return "recycled";
  const rawMaterial =
    (MATERIALS as readonly string[]).includes(listing.category) &&
    !PRODUCT_CATEGORIES.some((category) => category.value === listing.category);
  return rawMaterial ? "recycled" : "reused";
}

/**
 * The grams an order's weight puts in both parties' ledgers, or null when it puts nothing there:
 * no weight was given or worked out, or it lies outside what one entry may hold (a gram to
 * 100,000 t). Left out rather than guessed at.
 */
export function orderLedgerGrams(weightKg: number | null): number | null {
  if (weightKg === null) return null;
  const grams = Math.round(weightKg * 1000);
  return grams < 1 || grams > MAX_ENTRY_WEIGHT_G ? null : grams;
}
