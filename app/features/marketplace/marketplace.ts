import { z } from "~/lib/zod";

/** The marketplace's vocabulary, shared by pages and server. */

export const PRODUCT_CATEGORIES = [
  { value: "furniture", label: "Furniture" },
  { value: "electronics", label: "Electronics" },
  { value: "office_supplies", label: "Office Supplies" },
  { value: "garden", label: "Garden" },
  { value: "home_decor", label: "Home Decor" },
  { value: "clothing", label: "Clothing" },
  { value: "tools", label: "Tools" },
] as const;
type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]["value"];

export const PRODUCT_SORTS = [
  { value: "featured", label: "Featured" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "rating", label: "Rating" },
  { value: "newest", label: "Newest" },
] as const;
type ProductSort = (typeof PRODUCT_SORTS)[number]["value"];

/** Load More Products adds this many. */
export const PRODUCTS_PAGE_SIZE = 12;

export const categoryLabel = (value: string) => PRODUCT_CATEGORIES.find((category) => category.value === value)?.label ?? value;

const categoryValues = PRODUCT_CATEGORIES.map((category) => category.value) as [ProductCategory, ...ProductCategory[]];
const sortValues = PRODUCT_SORTS.map((sort) => sort.value) as [ProductSort, ...ProductSort[]];

/** The listing's URL state; unknown values fall back to the defaults instead of failing. */
export const marketplaceQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined)
    .catch(undefined),
  category: z.enum(categoryValues).optional().catch(undefined),
  sort: z.enum(sortValues).catch("featured"),
  view: z.enum(["grid", "list"]).catch("grid"),
  page: z.coerce.number().int().min(1).max(50).catch(1),
});
export type MarketplaceQuery = z.output<typeof marketplaceQuerySchema>;

export const addToCartSchema = z.object({
  intent: z.enum(["add", "buy"], { error: "Choose Add to Cart or Buy Now" }),
  quantity: z.coerce.number({ error: "Choose a quantity" }).int("Choose a whole number").min(1, "Choose at least 1"),
});

/** A price in whole cents, written in the instance's currency (the CURRENCY setting; USD unless set). */
export const formatPrice = (cents: number, currency = "USD") =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency, minimumFractionDigits: cents % 100 ? 2 : 0 });
