/**
 * The closed sets of values the instance's own settings hold (CHECK constraints in db/schema/site.ts).
 * Plain values only, so pages may import them.
 */

/** The pages an operator writes: their texts replace the shipped ones once written. */
export const SITE_PAGE_SLUGS = ["terms", "privacy", "about", "cookies"] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

/** Where a landing counter's number comes from: a live figure, or the operator's own (`fixed`). */
export const COUNTER_SOURCES = ["members", "organisations", "transfers", "weight_diverted", "co2e_avoided", "fixed"] as const;
export type CounterSource = (typeof COUNTER_SOURCES)[number];
