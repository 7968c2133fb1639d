/**
 * The marketplace's product categories: the catalogue lists them, a listing takes one (or a
 * material, see the exchange's LISTING_CATEGORIES), and the impact ledger tells a product from a
 * raw material by them.
 */
export const PRODUCT_CATEGORIES = [
  { value: "furniture", label: "Furniture" },
  { value: "electronics", label: "Electronics" },
  { value: "office_supplies", label: "Office Supplies" },
  { value: "garden", label: "Garden" },
  { value: "home_decor", label: "Home Decor" },
  { value: "clothing", label: "Clothing" },
  { value: "tools", label: "Tools" },
] as const;
