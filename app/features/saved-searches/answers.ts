import { z } from "~/lib/zod";
import { SAVED_SEARCH_ALERTS } from "../../../db/notification-values";

/** A saved search as the API answers it (tests/support checks every answer against it). */
export const savedSearchViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z
    .object({
      search: z.string().optional(),
      category: z.string().optional(),
      material: z.string().optional(),
      kind: z.string().optional(),
      ewc_code: z.string().optional(),
      near: z.string().optional().describe("A UK postcode or a town: listings within radius_km of it"),
      radius_km: z.number().int().optional().describe("How far from near, in km (50 when not set)"),
    })
    .describe("The filters as saved, each absent when not set"),
  alert: z.enum(SAVED_SEARCH_ALERTS),
  created_at: z.string().describe("ISO 8601"),
});

export const savedSearchesAnswer = z.object({ saved_searches: z.array(savedSearchViewSchema) });
