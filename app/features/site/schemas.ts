import { z } from "~/lib/zod";
import { isHexColour } from "~/lib/brand-colour";
import { textRule } from "~/lib/text";
import {
  COUNTER_SOURCES,
  MAX_ABOUT,
  MAX_COUNTER_LABEL,
  MAX_COUNTERS,
  MAX_MAIL_FOOTER,
  MAX_PAGE_MARKDOWN,
  MAX_PAGE_TITLE,
  MAX_QUOTE,
  MAX_SITE_NAME,
  MAX_TAGLINE,
  SITE_PAGE_SLUGS,
} from "./vocabulary";

/**
 * The operator's text, shown on every page and in every mail's sender and subject: a line without
 * control, direction-override or invisible characters, or a paragraph (the about text, the mail
 * footer, a quote) without control characters. A name with a line break would break a mail's
 * subject in two.
 */
const text = (max: number, what: string, lines: "one" | "several" = "one") =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine(...textRule(what, lines));
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter an e-mail address such as ops@example.org");

const MAX_COUNTER_VALUE = 1_000_000_000_000;
// One message for each way a value can be wrong: zod's own would name its largest safe integer.
const COUNTER_VALUE = `A counter's value is a whole number from 0 to ${MAX_COUNTER_VALUE.toLocaleString("en-GB")}`;

export const counterSchema = z
  .object({
    label: text(MAX_COUNTER_LABEL, "A counter's label").min(1, "Give each counter a label"),
    source: z.enum(COUNTER_SOURCES, { error: `Choose one of: ${COUNTER_SOURCES.join(", ")}` }),
    value: z
      .number({ error: COUNTER_VALUE })
      .int(COUNTER_VALUE)
      .min(0, COUNTER_VALUE)
      .max(MAX_COUNTER_VALUE, COUNTER_VALUE)
      .optional(),
    prefix: text(4, "A prefix").optional(),
    suffix: text(6, "A suffix").optional(),
  })
  .refine((counter) => counter.source !== "fixed" || counter.value !== undefined, {
    message: "A fixed counter needs its value",
    path: ["value"],
  });

/** PUT /api/admin/site (JSON, or the admin page's form read into the same shape). */
export const siteSettingsSchema = z.object({
  name: text(MAX_SITE_NAME, "The name").min(1, "Give the site a name"),
  tagline: text(MAX_TAGLINE, "The tagline").default(""),
  contact_email: optionalEmail.default(""),
  reply_to: optionalEmail.default(""),
  brand_colour: z
    .string()
    .trim()
    .refine((value) => value === "" || isHexColour(value), "Give the colour as #rrggbb, such as #047857")
    .transform((value) => value.toLowerCase())
    .nullable()
    .default(null),
  about: text(MAX_ABOUT, "The about text", "several").default(""),
  mail_footer: text(MAX_MAIL_FOOTER, "The mail footer", "several").default(""),
  landing: z
    .object({
      show_demo: z.boolean().default(true),
      show_testimonials: z.boolean().default(true),
      counters: z.array(counterSchema).max(MAX_COUNTERS, `At most ${MAX_COUNTERS} counters`).nullable().default(null),
    })
    .prefault({}),
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

export const pageSlugSchema = z.enum(SITE_PAGE_SLUGS, { error: `The page is one of: ${SITE_PAGE_SLUGS.join(", ")}` });

/** PUT /api/admin/pages/:slug. */
export const sitePageSchema = z.object({
  title: text(MAX_PAGE_TITLE, "The title").min(1, "Give the page a title"),
  body_markdown: z
    .string()
    .max(MAX_PAGE_MARKDOWN, `The text must be at most ${MAX_PAGE_MARKDOWN.toLocaleString("en-US")} characters`)
    .refine((value) => value.trim() !== "", "Write the page's text"),
});
export type SitePageInput = z.output<typeof sitePageSchema>;

/** POST /api/admin/testimonials. */
export const testimonialSchema = z.object({
  name: text(80, "The name").min(1, "Give the name of who said it"),
  role: text(80, "The role").default(""),
  company: text(80, "The company").default(""),
  quote: text(MAX_QUOTE, "The quote", "several").min(1, "Write the quote"),
  rating: z.number().int().min(1, "A rating from 1 to 5").max(5, "A rating from 1 to 5").default(5),
  member_id: z.number().int().positive().nullable().default(null),
});
export type TestimonialInput = z.output<typeof testimonialSchema>;

/** PATCH /api/admin/testimonials/:id: any of the fields. */
export const testimonialPatchSchema = z
  .object({
    name: text(80, "The name").min(1, "Give the name of who said it"),
    role: text(80, "The role"),
    company: text(80, "The company"),
    quote: text(MAX_QUOTE, "The quote", "several").min(1, "Write the quote"),
    rating: z.number().int().min(1, "A rating from 1 to 5").max(5, "A rating from 1 to 5"),
  })
  .partial();
export type TestimonialPatch = z.output<typeof testimonialPatchSchema>;
