import { z } from "~/lib/zod";

/**
 * The community's vocabulary and rules (spec §3, §4, §5, §9): values, labels, limits, messages
 * and the zod schemas shared by the create-post form (in the browser), the page action and the API.
 */

export const CATEGORIES = [
  "recycling",
  "composting",
  "upcycling",
  "renewable_energy",
  "transportation",
  "food_waste",
  "plastic_reduction",
  "gardening",
  "diy_projects",
  "community_action",
  "education",
  "policy",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const POST_TYPES = ["general", "tip", "project", "question", "event", "news", "achievement"] as const;
export type PostType = (typeof POST_TYPES)[number];

export const DIFFICULTY_LEVELS = ["easy", "medium", "hard"] as const;
export const TIME_RANGES = ["all", "today", "week", "month"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const FEED_KINDS = ["personalized", "trending", "local", "following"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const SORT_ORDERS = ["score", "recent", "popular"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const INTERACTION_TYPES = ["like", "share", "view", "comment", "save"] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** The community page's tabs and the feed each reads. */
export const COMMUNITY_TABS = [
  { id: "for-you", label: "For You", feed: "personalized" },
  { id: "trending", label: "Trending", feed: "trending" },
  { id: "local", label: "Local", feed: "local" },
  { id: "following", label: "Following", feed: "following" },
] as const satisfies readonly { id: string; label: string; feed: FeedKind }[];
export type CommunityTab = (typeof COMMUNITY_TABS)[number]["id"];

/** A post as the API and the page show it (design.md's `post`). */
export type FeedPost = {
  id: number;
  title: string;
  content: string;
  post_type: string;
  category: string;
  tags: string[];
  media_urls: string[];
  media: { url: string; type: string }[];
  location_name: string | null;
  is_local_event: boolean;
  event_date: string | null;
  difficulty_level: string | null;
  estimated_time: string | null;
  environmental_impact: Record<string, string>;
  author_id: number;
  author_name: string;
  author_type: string;
  is_verified: boolean;
  is_featured: boolean;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  views_count: number;
  created_at: string;
  user_interacted: Record<InteractionType, boolean>;
  /** The value that placed the post in its list (README "Feed ranking"); null outside a list. */
  score: number | null;
};

/** Spec §7: when the feed cannot be loaded, a single featured welcome post from the team shows. */
export const sampleWelcomePost: FeedPost = {
  id: 0,
  title: "Welcome to the Circular Hub community!",
  content:
    "This is the place where collectors, recyclers, buyers and logistics teams share what works. Post a tip, show a project, ask a question or announce a local event.",
  post_type: "news",
  category: "community_action",
  tags: ["welcome", "community"],
  media_urls: [],
  media: [],
  location_name: null,
  is_local_event: false,
  event_date: null,
  difficulty_level: null,
  estimated_time: null,
  environmental_impact: {},
  author_id: 0,
  author_name: "Circular Hub Team",
  author_type: "admin",
  is_verified: true,
  is_featured: true,
  likes_count: 0,
  comments_count: 0,
  shares_count: 0,
  views_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  user_interacted: { like: false, save: false, share: false, view: false, comment: false },
  score: null,
};

/** "renewable_energy" -> "Renewable Energy". */
export const labelOf = (value: string) =>
  value
    .split("_")
    .map((word) => (word === "diy" ? "DIY" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");

/** Spec §9: a page of the feed, and of a search, holds 10 posts. */
export const FEED_PAGE_SIZE = 10;
export const MAX_FEED_PAGE_SIZE = 50;
export const MAX_MEDIA_FILES = 5;
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const MAX_THUMBNAILS = 4;
export const PREVIEW_LENGTH = 300;
export const MAX_TAGS = 10;
export const MAX_IMPACT_ENTRIES = 10;

/** Types recognised from a file's first bytes; nothing else is stored. */
export const MEDIA_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

export const messages = {
  titleRequired: "Title is required",
  contentRequired: "Content is required",
  categoryRequired: "Category is required",
  eventDateRequired: "Event date is required for events",
  mediaSkipped: "Some files were skipped. Only images and videos under 10MB are allowed.",
  createFailed: "Failed to create post. Please try again.",
  loadFailed: "Failed to load posts. Please try again.",
  searchFailed: "Search failed. Please try again.",
  connectionLost: "The server could not be reached. Check your connection and try again.",
  impactIncomplete: "Each impact entry needs both a type and an amount.",
  mediaNotAllowed: "Only images (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, WebM, QuickTime) can be attached.",
  mediaTooLarge: "Each file must be under 10MB.",
  tooManyFiles: `You can attach at most ${MAX_MEDIA_FILES} files.`,
} as const;

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

export type ImpactEntry = { type: string; amount: string };

/**
 * Environmental impact arrives as a JSON object (type -> amount), a JSON list of {type, amount},
 * or as lists of entries from the form. Entries with neither part are ignored; an entry with
 * only one of them is an error (spec: impact entries need both type and amount).
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
 * The post creation form (spec §3 fields, §5 rules). Fields come as text (multipart or form) or
 * as JSON values; lists and objects may be JSON text, as design.md's contract says.
 */
export const createPostSchema = z
  .object({
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
      .pipe(
        z
          .array(z.string().max(30, "Each tag must be at most 30 characters"))
          .max(MAX_TAGS, `Add at most ${MAX_TAGS} tags`),
      ),
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
            message:
              impact === "incomplete" ? messages.impactIncomplete : "Environmental impact must be a list of entries",
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
  })
  // Runs even when other fields failed (`when`), so the form shows every message at once.
  .refine((post) => !(post.is_local_event === true && !(post.event_date instanceof Date)), {
    path: ["event_date"],
    message: messages.eventDateRequired,
    when: () => true,
  });
export type CreatePostInput = z.output<typeof createPostSchema>;

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
const pageSize = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : FEED_PAGE_SIZE))
  .pipe(
    z
      .number({ error: "limit must be a whole number from 1 to 50" })
      .int("limit must be a whole number from 1 to 50")
      .min(1, "limit must be a whole number from 1 to 50"),
  )
  .transform((value) => Math.min(value, MAX_FEED_PAGE_SIZE));

const searchText = z
  .string()
  .optional()
  .transform((value) => value?.trim().slice(0, 200) || undefined);

/** Query of the four feeds and the category feed (design.md). `feedType` is the path's job. */
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

/** GET /api/feed/search: the spec's names (`query`, `post_type`). */
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

export const preferencesSchema = z.object({
  categories: z
    .array(z.enum(CATEGORIES, { error: "Unknown category" }), {
      error: "categories must be a list",
    })
    .max(CATEGORIES.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  post_types: z
    .array(z.enum(POST_TYPES, { error: "Unknown post type" }), {
      error: "post_types must be a list",
    })
    .max(POST_TYPES.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  location: z
    .string({ error: "location must be text" })
    .trim()
    .max(100, "Location must be at most 100 characters")
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;
