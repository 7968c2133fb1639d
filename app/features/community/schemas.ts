import { z } from "~/lib/zod";
import { messages } from "./messages";
import {
  CATEGORIES,
  COMMUNITY_TABS,
  DIFFICULTY_LEVELS,
  FEED_PAGE_SIZE,
  INTERACTION_TYPES,
  LIKES_PAGE_SIZE,
  MAX_FEED_PAGE_SIZE,
  MAX_IMPACT_ENTRIES,
  MAX_TAGS,
  POST_TYPES,
  SORT_ORDERS,
  SAVED_TAB,
  TIME_RANGES,
  type CommunityViewTab,
} from "./vocabulary";

/**
 * What the community accepts from members and clients: the zod schemas shared by the create-post
 * form (in the browser), the page's action and the API, and the readers that turn a submitted
 * form's fields into what those schemas read.
 */

/** Form checkboxes send "on"; JSON clients send true; multipart clients send "true". */
const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** Absent, empty or "all" mean no filter (the filter panel's "All" options send ""). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === "" || value === "all" ? undefined : value))
    .pipe(z.enum(values, { error: message }).optional());

/**
 * Tags arrive as a JSON list (the dialog's chips) or as comma-separated text (the form without
 * JavaScript). Each is trimmed; empty ones and repeats (ignoring case) are dropped.
 */
export function normalizeTags(raw: unknown): string[] | undefined {
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === "string") {
    const text = raw.trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return undefined;
        list = parsed;
      } catch {
        return undefined;
      }
    } else list = text.split(",");
  } else if (raw === undefined || raw === null) list = [];
  else return undefined;
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (typeof item !== "string") return undefined;
    const tag = item.trim().replace(/^#/, "").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * Environmental impact arrives as a JSON object (type -> amount), a JSON list of {type, amount},
 * or as lists of entries from the form. Entries with neither part are ignored; an entry with
 * only one of them is an error: an impact entry needs both a type and an amount.
 */
export function normalizeImpact(raw: unknown): Record<string, string> | "incomplete" | undefined {
  let entries: unknown[];
  if (typeof raw === "string") {
    if (!raw.trim()) return {};
    try {
      raw = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  if (raw === undefined || raw === null) return {};
  if (Array.isArray(raw)) entries = raw;
  else if (typeof raw === "object") entries = Object.entries(raw).map(([type, amount]) => ({ type, amount }));
  else return undefined;
  const impact: Record<string, string> = {};
  for (const entry of entries) {
    if (typeof entry !== "object" || entry === null) return undefined;
    const { type, amount } = entry as { type?: unknown; amount?: unknown };
    const typeText = typeof type === "string" ? type.trim() : typeof type === "number" ? String(type) : "";
    const amountText = typeof amount === "string" ? amount.trim() : typeof amount === "number" ? String(amount) : "";
    if (!typeText && !amountText) continue;
    if (!typeText || !amountText) return "incomplete";
    impact[typeText.slice(0, 60)] = amountText.slice(0, 60);
  }
  return impact;
}

/**
 * A submitted form's text fields as createPostSchema reads them: a repeated name becomes a list,
 * and the impact_type / impact_amount pairs of the form become environmental_impact entries.
 * Used by the server on every submission and by the create-post dialog before it submits.
 */
export function postFormFields(formData: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of formData) {
    if (typeof value !== "string") continue;
    const existing = fields[key];
    fields[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  if (fields.environmental_impact === undefined && fields.impact_type !== undefined) {
    const types = ([] as unknown[]).concat(fields.impact_type);
    const amounts = ([] as unknown[]).concat(fields.impact_amount ?? []);
    fields.environmental_impact = types.map((type, index) => ({ type, amount: amounts[index] ?? "" }));
  }
  return fields;
}

/**
 * A post's fields as members write them. Fields come as text (multipart or form) or as JSON
 * values; lists and objects may also arrive as JSON text, as the API promises its clients.
 */
const postFields = z.object({
  title: z
    .string({ error: messages.titleRequired })
    .trim()
    .min(1, messages.titleRequired)
    .max(200, "Title must be at most 200 characters"),
  content: z
    .string({ error: messages.contentRequired })
    .trim()
    .min(1, messages.contentRequired)
    .max(10_000, "Content must be at most 10,000 characters"),
  post_type: z
    .string()
    .optional()
    .transform((value) => value || "general")
    .pipe(z.enum(POST_TYPES, { error: "Choose one of the listed post types" })),
  category: z
    .string({ error: messages.categoryRequired })
    .min(1, messages.categoryRequired)
    .pipe(z.enum(CATEGORIES, { error: "Choose one of the listed categories" })),
  tags: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const tags = normalizeTags(value);
      if (!tags) {
        ctx.addIssue({
          code: "custom",
          message: "Tags must be a list of words",
        });
        return z.NEVER;
      }
      return tags;
    })
    .pipe(z.array(z.string().max(30, "Each tag must be at most 30 characters")).max(MAX_TAGS, `Add at most ${MAX_TAGS} tags`)),
  location_name: optionalText(100, "Location"),
  is_local_event: flag,
  event_date: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const date = parseEventDate(value.trim());
      if (!date) {
        ctx.addIssue({ code: "custom", message: "Enter a valid event date" });
        return z.NEVER;
      }
      return date;
    }),
  difficulty_level: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(DIFFICULTY_LEVELS, { error: "Choose easy, medium or hard" }).optional())
    .transform((value) => value ?? null),
  estimated_time: optionalText(50, "Estimated time"),
  environmental_impact: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const impact = normalizeImpact(value);
      if (impact === "incomplete" || impact === undefined) {
        ctx.addIssue({
          code: "custom",
          message: impact === "incomplete" ? messages.impactIncomplete : "Environmental impact must be a list of entries",
        });
        return z.NEVER;
      }
      if (Object.keys(impact).length > MAX_IMPACT_ENTRIES) {
        ctx.addIssue({
          code: "custom",
          message: `Add at most ${MAX_IMPACT_ENTRIES} impact entries`,
        });
        return z.NEVER;
      }
      return impact;
    }),
});

/** The post creation form: the post's fields, a local event with its date. */
export const createPostSchema = postFields
  // Runs even when other fields failed (`when`), so the form shows every message at once.
  .refine((post) => !(post.is_local_event === true && !(post.event_date instanceof Date)), {
    path: ["event_date"],
    message: messages.eventDateRequired,
    when: () => true,
  });
export type CreatePostInput = z.output<typeof createPostSchema>;

/**
 * An edit of a post: any of its fields; one left out keeps its value, an optional one sent empty
 * is cleared. Whether a local event still has its date is checked against the post as edited.
 */
export const editPostSchema = postFields.partial();
export type EditPostInput = z.output<typeof editPostSchema>;

/** The fields an edit may change, as the API names them. */
export const EDITABLE_POST_FIELDS = Object.keys(postFields.shape) as (keyof EditPostInput)[];

/**
 * The media an edit removes: a list of their URLs (or ids), as a JSON list, comma-separated text
 * or repeated fields. Null when it is none of these.
 */
export function readRemovedMedia(raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === "") return [];
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === "number") list = [raw];
  else if (typeof raw === "string") {
    const text = raw.trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return null;
        list = parsed;
      } catch {
        return null;
      }
    } else list = text.split(",");
  } else return null;
  const items: string[] = [];
  for (const item of list) {
    if (typeof item !== "string" && typeof item !== "number") return null;
    const text = String(item).trim();
    if (text) items.push(text);
  }
  return items.length > 50 ? null : items;
}

/**
 * An ISO 8601 date-time, or the `YYYY-MM-DDTHH:mm` a datetime-local input sends (read as UTC,
 * since a form without JavaScript cannot say its time zone), or a bare date.
 */
export function parseEventDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const withZone = /[T ]\d{2}:\d{2}/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : value;
  const date = new Date(withZone.replace(" ", "T"));
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1970 || year > 9999 ? null : date;
}

const pageNumber = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : 1))
  .pipe(
    z
      .number({ error: "page must be a whole number from 1" })
      .int("page must be a whole number from 1")
      .min(1, "page must be a whole number from 1")
      .max(10_000, "page must be at most 10000"),
  );

// Above the maximum is served at the maximum, as list APIs usually do; nonsense is a 400.
const pageSizeOf = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : fallback))
    .pipe(
      z
        .number({ error: "limit must be a whole number from 1 to 50" })
        .int("limit must be a whole number from 1 to 50")
        .min(1, "limit must be a whole number from 1 to 50"),
    )
    .transform((value) => Math.min(value, MAX_FEED_PAGE_SIZE));
const pageSize = pageSizeOf(FEED_PAGE_SIZE);

const searchText = z
  .string()
  .optional()
  .transform((value) => value?.trim().slice(0, 200) || undefined);

/** A page of a member's list (saved posts, blocked members): `page` and `limit` as the feeds read them. */
export const listPageSchema = z.object({ page: pageNumber, limit: pageSize });
/** A page of who liked a post: LIKES_PAGE_SIZE unless `limit` says otherwise, as the likes dialog shows them. */
export const likesPageSchema = z.object({ page: pageNumber, limit: pageSizeOf(LIKES_PAGE_SIZE) });

/** Query of the four feeds and the category feed. Which feed is the path's job. */
export const feedQuerySchema = z.object({
  page: pageNumber,
  limit: pageSize,
  search: searchText,
  category: optionalChoice(CATEGORIES, "Unknown category"),
  postType: optionalChoice(POST_TYPES, "Unknown post type"),
  timeRange: z
    .string()
    .optional()
    .transform((value) => value || "all")
    .pipe(
      z.enum(TIME_RANGES, {
        error: "timeRange must be all, today, week or month",
      }),
    ),
  location: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined),
  sortBy: z
    .string()
    .optional()
    .transform((value) => value || "score")
    .pipe(z.enum(SORT_ORDERS, { error: "sortBy must be score, recent or popular" })),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** GET /api/feed/search, with the API's own names (`query`, `post_type`). */
export const searchQuerySchema = z.object({
  query: z
    .string({ error: "Enter something to search for" })
    .trim()
    .min(1, "Enter something to search for")
    .transform((value) => value.slice(0, 200)),
  category: optionalChoice(CATEGORIES, "Unknown category"),
  post_type: optionalChoice(POST_TYPES, "Unknown post type"),
  page: pageNumber,
  limit: pageSize,
});

export const interactionSchema = z
  .object({
    type: z.enum(INTERACTION_TYPES, {
      error: "type must be one of like, share, view, comment or save",
    }),
    content: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "comment") {
      const result = commentSchema.shape.content.safeParse(value.content ?? "");
      if (!result.success)
        ctx.addIssue({
          code: "custom",
          path: ["content"],
          message: result.error.issues[0].message,
        });
    }
  });

export const commentSchema = z.object({
  content: z
    .string({ error: "Write a comment first" })
    .trim()
    .min(1, "Write a comment first")
    .max(2_000, "Comments must be at most 2,000 characters"),
});

/** A list of choices from `values`, each kept once; at most every value, so a request cannot grow without end. */
const choiceList = <const T extends readonly [string, ...string[]]>(values: T, listError: string, itemError: string) =>
  z
    .array(z.enum(values, { error: itemError }), { error: listError })
    .max(values.length)
    .transform((list) => [...new Set(list)])
    .optional();

export const preferencesSchema = z.object({
  categories: choiceList(CATEGORIES, "categories must be a list", "Unknown category"),
  post_types: choiceList(POST_TYPES, "post_types must be a list", "Unknown post type"),
  location: z
    .string({ error: "location must be text" })
    .trim()
    .max(100, "Location must be at most 100 characters")
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** Hand-edited URLs never fail: a value the community page does not know falls back to its default. */
const urlId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);
const urlText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || undefined)
    .catch(undefined);

/** What the community page's URL asks for: tab, filters, search, page, an open post, the create dialog. */
export const communityViewSchema = z.object({
  tab: z
    .enum([SAVED_TAB.id, ...COMMUNITY_TABS.map((tab) => tab.id)] as [CommunityViewTab, ...CommunityViewTab[]])
    .catch("for-you"),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  postType: z.enum(POST_TYPES).optional().catch(undefined),
  timeRange: z.enum(TIME_RANGES).catch("all"),
  search: urlText(200),
  location: urlText(100),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
  post: urlId,
  created: urlId,
  /** A post just shared without JavaScript: its card shows the link to copy. */
  shared: urlId,
  /** The post whose likes are listed in a dialog, and that list's page. */
  likes: urlId,
  likesPage: z.coerce.number().int().min(1).max(1000).catch(1),
  /** The post whose deletion waits for the member to confirm it (without JavaScript). */
  delete: urlId,
  /** A comment of the open post being edited, or waiting for its deletion to be confirmed. */
  editComment: urlId,
  deleteComment: urlId,
  compose: z.literal("1").optional().catch(undefined),
});

/** A post's comments, newest first: `before` a comment id pages back, `limit` 1 to 50. */
export const commentListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, "before must be a comment id")
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be a whole number from 1 to 50")
    .transform((value) => Math.min(Math.max(Number(value), 1), 50))
    .optional(),
});
