import { z } from "~/lib/zod";
import { textRule } from "~/lib/text";
import { listingSearchSchema } from "~/features/exchange/schemas";
import { SAVED_SEARCH_ALERTS } from "../../../db/notification-values";

/** A member keeps at most this many saved searches: each is matched against every new listing. */
export const MAX_SAVED_SEARCHES = 20;
export const MAX_SAVED_SEARCH_NAME = 80;

const alertSchema = z.enum(SAVED_SEARCH_ALERTS, { error: "Choose instant, daily or off" });

/**
 * The filters a saved search keeps, checked as the marketplace search checks them; `near` must be
 * a place the gazetteer knows when the search is saved (saved-searches.server checks it).
 */
export const savedSearchQuerySchema = listingSearchSchema
  .pick({ search: true, category: true, material: true, kind: true, ewc_code: true, near: true, radius_km: true })
  .strict();
export type SavedSearchQuery = z.output<typeof savedSearchQuerySchema>;

/** POST /api/saved-searches. */
export const savedSearchSchema = z.object({
  name: z
    .string({ error: "Give the search a name" })
    .trim()
    .min(1, "Give the search a name")
    .max(MAX_SAVED_SEARCH_NAME, `The name must be at most ${MAX_SAVED_SEARCH_NAME} characters`)
    .refine(...textRule("The name", "one")),
  query: savedSearchQuerySchema.prefault({}),
  alert: alertSchema,
});
export type SavedSearchInput = z.output<typeof savedSearchSchema>;

/** PATCH /api/saved-searches/:id: only the alert changes. */
export const savedSearchAlertSchema = z.object({ alert: alertSchema });
