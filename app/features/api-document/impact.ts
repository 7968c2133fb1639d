import { z } from "~/lib/zod";
import { countedPaginationSchema, pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  entryChangeSchema,
  entryQuerySchema,
  entrySchema,
  impactRangeQuerySchema,
  platformQuerySchema,
} from "~/features/impact/schemas";
import { entryViewSchema, impactCatalogueSchema, impactSummarySchema, platformFiguresSchema } from "~/features/impact/answers";

const NO_ENTRY = "No such entry of the caller's.";
const entry = successAnswer({ data: z.object({ entry: entryViewSchema }), message: z.string() });

/** The impact ledger, its summary and figures. */
export const impactPaths: ApiPath[] = [
  {
    path: "/api/impact/entries",
    operations: {
      get: {
        summary: "The caller's ledger, newest day first, 25 a page, with the total.",
        access: "member",
        query: entryQuerySchema,
        answers: {
          200: successAnswer({ data: z.object({ entries: z.array(entryViewSchema), pagination: countedPaginationSchema }) }),
        },
      },
      post: { summary: "Records an entry.", access: "member", body: entrySchema, answers: { 201: entry } },
    },
  },
  {
    path: "/api/impact/entries/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "One of the caller's entries.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ entry: entryViewSchema }) }) },
        errors: { 404: NO_ENTRY },
      },
      patch: {
        summary: "Changes any field of a recorded entry.",
        access: "member",
        body: entryChangeSchema,
        answers: { 200: entry },
        errors: { 403: "An entry from an order changes with its order only.", 404: NO_ENTRY },
      },
      delete: {
        summary: "Deletes a recorded entry.",
        access: "member",
        answers: { 200: successAnswer({ message: z.string() }) },
        errors: { 403: "An entry from an order changes with its order only.", 404: NO_ENTRY },
      },
    },
  },
  {
    path: "/api/impact/materials",
    operations: {
      get: {
        summary: "The materials and treatments an entry takes, and the factor table behind its CO2e.",
        access: "member",
        answers: { 200: successAnswer({ data: impactCatalogueSchema }) },
      },
    },
  },
  {
    path: "/api/impact",
    operations: {
      get: {
        summary: "The caller's figures for a period, the period before, and the trend.",
        access: "member",
        query: impactRangeQuerySchema,
        answers: { 200: successAnswer({ data: impactSummarySchema }) },
      },
    },
  },
  {
    path: "/api/impact/platform",
    operations: {
      get: {
        summary:
          "The whole platform's weight and CO2e, each kilogram once: at its first hand-over, under the treatment a final operation set. `from` and `to` (days, both counted) default to all time.",
        access: "public",
        query: platformQuerySchema,
        answers: { 200: successAnswer({ data: platformFiguresSchema }) },
      },
    },
  },
  {
    path: "/api/impact/export",
    operations: {
      get: {
        summary: "The caller's entries as CSV, oldest first: both dates or neither (every entry).",
        access: "member",
        query: impactRangeQuerySchema.pick({ from: true, to: true }),
        answers: { 200: { mediaType: "text/csv", description: "The entries (Content-Disposition: attachment)." } },
        errors: { 429: "An export is under way, or past the hourly limit (Retry-After)." },
      },
    },
  },
];
