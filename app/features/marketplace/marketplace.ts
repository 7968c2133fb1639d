import { numberFormat } from "~/lib/intl";

/** The marketplace's vocabulary, shared by pages and server (its categories are ~/vocabulary/categories). */

export const PRODUCT_SORTS = [
  { value: "featured", label: "Featured" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "rating", label: "Rating" },
  { value: "newest", label: "Newest" },
  { value: "distance", label: "Distance: Nearest first" },
] as const;

/** Load More Products adds this many. */
export const PRODUCTS_PAGE_SIZE = 12;

/** A price in whole cents, written in the instance's currency (the CURRENCY setting; USD unless set). */
export const formatPrice = (cents: number, currency = "USD") =>
  numberFormat({ style: "currency", currency, minimumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100);
