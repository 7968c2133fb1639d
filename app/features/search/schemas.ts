import { z } from "~/lib/zod";
import { feedPostSchema } from "~/features/community/answers";
import { listingViewSchema } from "~/features/exchange/answers";
import { EVENT_KINDS, EVENT_STATUSES } from "../../../db/event-values";

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
    .describe("The words to look for; in posts and listings, words of 4 letters and more forgive a typo."),
});

const memberFoundSchema = z.object({ id: z.number(), username: z.string(), company: z.string(), location: z.string() });
const eventFoundSchema = z.object({
  id: z.number(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  starts_at: z.string().describe("ISO 8601, UTC."),
  ends_at: z.string().describe("ISO 8601, UTC."),
  time_zone: z.string().describe("The IANA zone the organiser gave the times in."),
  place: z.string(),
  status: z.enum(EVENT_STATUSES).describe("A cancelled event is found too, marked so."),
  is_sample: z.boolean().describe("Sample content, not a real event."),
});
const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

/** One search's answer: the first few of each kind, with how many there are. */
export const searchResultsSchema = z.object({
  posts: section(feedPostSchema),
  listings: section(listingViewSchema),
  members: section(memberFoundSchema),
  events: section(eventFoundSchema).describe(
    "Events whose title, place or description hold every word: those still to end first, soonest first, then past ones.",
  ),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
