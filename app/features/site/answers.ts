import { z } from "~/lib/zod";
import { COUNTER_SOURCES, SITE_PAGE_SLUGS } from "./vocabulary";

/** The site feature's answers, as the API document describes them. */

const counterAnswer = z.object({
  label: z.string(),
  source: z.enum(COUNTER_SOURCES),
  value: z.number().int().optional().describe("The operator's own number (source `fixed`)."),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
});

export const siteAnswer = z.object({
  name: z.string(),
  tagline: z.string(),
  contact_email: z.string(),
  reply_to: z.string().describe("Replies to the instance's mails; empty: MAIL_REPLY_TO, or none."),
  brand_colour: z.string().nullable().describe("#rrggbb; null: the shipped palette."),
  about: z.string(),
  mail_footer: z.string().describe("A line at the foot of every mail."),
  logo_url: z.string().nullable(),
  landing: z.object({
    show_demo: z.boolean(),
    show_testimonials: z.boolean(),
    counters: z
      .array(counterAnswer)
      .describe("As set, or the defaults: the demo's sample figures with SEED=1, live ones without."),
    sample_counters: z.boolean().describe("The counters are the demo's unchanged sample figures (the page says so)."),
  }),
  updated_at: z.string().nullable(),
});

const shades = z.record(z.string(), z.string());

export const publicSiteAnswer = z.object({
  name: z.string(),
  tagline: z.string(),
  logo_url: z.string().nullable(),
  colours: z
    .object({ brand: z.string().nullable(), light: shades, dark: shades })
    .nullable()
    .describe("The brand colour and its shades (50–900) in each theme; null: the shipped palette."),
});

export const sitePageAnswer = z.object({
  slug: z.enum(SITE_PAGE_SLUGS),
  title: z.string(),
  body_markdown: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});

export const testimonialAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  company: z.string(),
  quote: z.string(),
  rating: z.number().int(),
  member_id: z.number().int().nullable(),
  shown: z.boolean().describe("Whether the landing page shows it: a member's words only once they agreed."),
  consented_at: z.string().nullable(),
  sample: z.boolean(),
  initials: z.string(),
});
