import { readNumber } from "~/lib/numbers";
import { z } from "~/lib/zod";

/** Longer than any description on the list; a longer search could match nothing. */
export const MAX_WASTE_SEARCH_LENGTH = 200;
/** Codes a page, as the other lists of the API. */
export const WASTE_CODES_PER_PAGE = 25;

/** GET /api/waste/codes and the browsing page: every filter optional; a bad value is a 400 naming it. */
export const wasteCodeQuerySchema = z.object({
  search: z
    .string()
    .max(MAX_WASTE_SEARCH_LENGTH, `search must be at most ${MAX_WASTE_SEARCH_LENGTH} characters`)
    .optional()
    .describe("Words (all must match, any order, any case) or a code prefix (spaces and * ignored)."),
  hazardous: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["true", "false"], { error: "hazardous must be true or false" }).optional(),
    )
    .transform((value) => (value === undefined ? undefined : value === "true")),
  // A page past the list is simply empty; the cap keeps the arithmetic whole.
  page: z
    .preprocess(
      (value) => readNumber(value),
      z
        .number({ error: "page must be a whole number from 1" })
        .refine((page) => Number.isSafeInteger(page) && page >= 1, "page must be a whole number from 1")
        .optional(),
    )
    .transform((page) => Math.min(page ?? 1, 1_000_000)),
});
export type WasteCodeQuery = z.output<typeof wasteCodeQuerySchema>;

/** One code as the API and the picker show it. */
export const wasteCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/),
  display_code: z.string(),
  description: z.string(),
  hazardous: z.boolean(),
  mirror: z.boolean().describe("A mirror entry: a WM3 assessment decides whether the waste is hazardous."),
  chapter: z.string().regex(/^\d{2}$/),
  chapter_title: z.string(),
});
export type WasteCode = z.output<typeof wasteCodeSchema>;
