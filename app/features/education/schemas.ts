import { z } from "~/lib/zod";
import { COURSE_LEVELS, EDUCATION_TOPICS } from "../../../db/education-values";

/** What admins write (articles, courses, lessons) and how the API answers it; the pages' forms read the same. */

export const MAX_TITLE = 150;
export const MAX_SUMMARY = 500;
export const MAX_BYLINE = 100;
export const MAX_DURATION = 50;
/** A body's Markdown: a long article fits, a book does not. */
export const MAX_BODY = 50_000;
/** A JSON body of the admin API: MAX_BODY characters of any script (up to 4 bytes each) and the rest. */
export const MAX_CONTENT_JSON_BYTES = 4 * MAX_BODY + 16 * 1024;
/** An admin page's form of the same: URL-encoded, each of those bytes may take three. */
export const MAX_CONTENT_FORM_BYTES = 3 * MAX_CONTENT_JSON_BYTES;
/** A course has at most this many lessons. */
export const MAX_LESSONS = 200;

export { COURSE_LEVELS, EDUCATION_TOPICS };
export type EducationTopic = (typeof EDUCATION_TOPICS)[number];
export type CourseLevel = (typeof COURSE_LEVELS)[number];

const title = z
  .string({ error: "Give it a title" })
  .trim()
  .min(1, "Give it a title")
  .max(MAX_TITLE, `The title must be at most ${MAX_TITLE} characters`);
const summary = z.string().trim().max(MAX_SUMMARY, `The summary must be at most ${MAX_SUMMARY} characters`);
const body = z
  .string()
  .max(MAX_BODY, `The text must be at most ${MAX_BODY.toLocaleString("en-GB")} characters`)
  .describe("Markdown: headings, paragraphs, emphasis, lists, links (http, https, mailto), images from /media/, code");
const byline = z.string().trim().max(MAX_BYLINE, `The byline must be at most ${MAX_BYLINE} characters`);
const topic = z.enum(EDUCATION_TOPICS, { error: "Choose one of the topics" }).nullable();

/** POST /api/admin/education/articles; PATCH takes any of its fields. */
export const articleInputSchema = z.object({
  title,
  summary: summary.default(""),
  body_markdown: body.default(""),
  topic: topic.default(null),
  byline: byline.default("").describe("Who wrote it, as shown to readers"),
});
export const articleChangeSchema = articleInputSchema.partial();
export type ArticleInput = z.output<typeof articleChangeSchema>;

/** POST /api/admin/education/courses; PATCH takes any of its fields. Courses are free. */
export const courseInputSchema = articleInputSchema.extend({
  byline: byline.default("").describe("Who teaches it, as shown to readers"),
  level: z.enum(COURSE_LEVELS, { error: "Choose a level" }).nullable().default(null),
  duration: z
    .string()
    .trim()
    .max(MAX_DURATION, `The duration must be at most ${MAX_DURATION} characters`)
    .default("")
    .describe("As readers see it, such as 3 hours"),
  featured: z.boolean().default(false).describe("Shown above the hub's list"),
});
export const courseChangeSchema = courseInputSchema.partial();
export type CourseInput = z.output<typeof courseChangeSchema>;

const position = z
  .number({ error: "The position is a whole number from 1" })
  .int("The position is a whole number from 1")
  .min(1, "The position is a whole number from 1")
  .describe("Its place in the course, from 1; the others move along (past the end: last)");

/** POST /api/admin/education/courses/:id/lessons (added last, or at `position`); PATCH takes any field. */
export const lessonInputSchema = z.object({
  title,
  summary: summary.default(""),
  body_markdown: body.default(""),
  position: position.optional(),
});
export const lessonChangeSchema = lessonInputSchema.partial();
export type LessonInput = z.output<typeof lessonChangeSchema>;

/**
 * A page's form as the API's body: empty choices are none, a ticked box is true, the position a
 * number; `partial` for an edit, where a field left out keeps its value (the form sends them all).
 */
export function contentFromForm(fields: Record<string, unknown>, { checkboxes = [] }: { checkboxes?: string[] } = {}) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== "string" || name.startsWith("_") || name === "intent" || name === "returnTo") continue;
    if (name === "topic" || name === "level") out[name] = value === "" ? null : value;
    else if (name === "position") out[name] = value.trim() === "" ? undefined : Number(value);
    else if (!checkboxes.includes(name)) out[name] = value;
  }
  for (const name of checkboxes) out[name] = fields[name] !== undefined;
  return out;
}

const time = z.string().describe("ISO 8601");

export const articleViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body_markdown: z.string(),
  topic: z.enum(EDUCATION_TOPICS).nullable(),
  byline: z.string(),
  is_sample: z.boolean().describe("Sample content (SEED=1), shown marked as such"),
  created_at: time,
  updated_at: time,
});
export type ArticleView = z.output<typeof articleViewSchema>;

export const courseViewSchema = articleViewSchema.extend({
  level: z.enum(COURSE_LEVELS).nullable(),
  duration: z.string(),
  featured: z.boolean(),
  lesson_count: z.number().int(),
});
export type CourseView = z.output<typeof courseViewSchema>;

export const lessonViewSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body_markdown: z.string(),
  created_at: time,
  updated_at: time,
});
export type LessonView = z.output<typeof lessonViewSchema>;

export const imageViewSchema = z.object({
  url: z.string().describe("The image's address on this site, /media/<name>"),
  markdown: z.string().describe("The Markdown that shows it"),
});
