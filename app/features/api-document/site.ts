import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { publicSiteAnswer, siteAnswer, sitePageAnswer, testimonialAnswer } from "~/features/site/answers";
import { siteSettingsSchema, sitePageSchema, testimonialPatchSchema, testimonialSchema } from "~/features/site/schemas";
import { MAX_LOGO_BYTES, MAX_LOGO_SIDE_PX, MAX_TESTIMONIALS, SITE_PAGE_SLUGS } from "~/features/site/vocabulary";

const NO_TESTIMONIAL = "No such testimonial.";

export const sitePaths: ApiPath[] = [
  {
    path: "/api/site",
    operations: {
      get: {
        summary: "The instance's name, tagline, logo and colours, for clients.",
        access: "public",
        answers: { 200: successAnswer({ site: publicSiteAnswer }) },
      },
    },
  },
  {
    path: "/api/admin/site",
    operations: {
      get: {
        summary: "The instance's settings.",
        access: "admin",
        answers: { 200: successAnswer({ site: siteAnswer }) },
      },
      put: {
        summary:
          "Saves the settings whole (an audit row). A brand colour white text cannot be read on (below 4.5:1) is a 400 naming " +
          "its ratio and a darker shade that passes. Multipart: the settings as JSON in `settings`, the logo as `logo`.",
        access: "admin",
        body: siteSettingsSchema,
        multipart: {
          fields: z.object({ settings: z.string().describe("The settings as JSON.") }),
          files: `File \`logo\`: PNG, JPEG, GIF or WebP (by its bytes), at most ${MAX_LOGO_BYTES / 1024} KB and ${MAX_LOGO_SIDE_PX} px a side (refused, not resized).`,
        },
        answers: { 200: successAnswer({ site: siteAnswer }) },
      },
    },
  },
  {
    path: "/api/admin/pages/{slug}",
    params: { slug: z.enum(SITE_PAGE_SLUGS) },
    operations: {
      get: {
        summary: "The page's current version; null while the shipped text stands.",
        access: "admin",
        answers: { 200: successAnswer({ page: sitePageAnswer.nullable() }) },
        errors: { 404: "No such page." },
      },
      put: {
        summary: "Publishes the page's next version (Markdown, rendered sanitized at /terms, /privacy, /about, /cookies).",
        access: "admin",
        body: sitePageSchema,
        answers: { 200: successAnswer({ page: sitePageAnswer }) },
        errors: { 404: "No such page." },
      },
    },
  },
  {
    path: "/api/admin/testimonials",
    operations: {
      get: {
        summary: "Every testimonial, oldest first.",
        access: "admin",
        answers: { 200: successAnswer({ testimonials: z.array(testimonialAnswer) }) },
      },
      post: {
        summary: "Adds a testimonial. With `member_id` it shows once that member agrees at /app/testimonials/{id}.",
        access: "admin",
        body: testimonialSchema,
        answers: { 201: successAnswer({ testimonial: testimonialAnswer }) },
        errors: { 409: `Already ${MAX_TESTIMONIALS} testimonials.` },
      },
    },
  },
  {
    path: "/api/admin/testimonials/{id}",
    params: { id: pathIdSchema },
    operations: {
      patch: {
        summary: "Changes the testimonial (no longer a sample).",
        access: "admin",
        body: testimonialPatchSchema,
        answers: { 200: successAnswer({ testimonial: testimonialAnswer }) },
        errors: { 404: NO_TESTIMONIAL },
      },
      delete: {
        summary: "Removes the testimonial.",
        access: "admin",
        answers: { 200: successAnswer({}) },
        errors: { 404: NO_TESTIMONIAL },
      },
    },
  },
];
