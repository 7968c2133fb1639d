import { z } from "~/lib/zod";
import { feedPostSchema } from "~/features/community/answers";
import { listingViewSchema } from "~/features/exchange/answers";

export const MAX_QUERY_LENGTH = 100;
/** How many of each kind one search shows; each section links to its full results. */
export const FIRST_FEW = 5;

/** GET /api/search and /app/search: the words to look for. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH, `The search must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional()
    .transform((value) => value ?? "")
    .describe("The words to look for; words of 4 letters and more forgive a typo."),
});

const memberFoundSchema = z.object({ id: z.number(), username: z.string(), company: z.string(), location: z.string() });
const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

/** One search's answer: the first few of each kind, with how many there are. */
export const searchResultsSchema = z.object({
  posts: section(feedPostSchema),
  listings: section(listingViewSchema),
  members: section(memberFoundSchema),
  events: section(z.never()).describe("Always empty until the hub has events."),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
