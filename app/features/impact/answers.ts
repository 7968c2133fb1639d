import { z } from "~/lib/zod";
import { ENTRY_ROLES, ENTRY_SOURCES, MATERIALS, TREATMENTS } from "./vocabulary";

/**
 * What the ledger's API answers, as schemas (wire.ts has the same shapes as types): the OpenAPI
 * document is built from these, and the integration tests check every answer against them.
 */

const day = z.string().describe("YYYY-MM-DD");

export const entryViewSchema = z.object({
  id: z.number().int(),
  date: day,
  material: z.enum(MATERIALS),
  weight_kg: z.number(),
  treatment: z.enum(TREATMENTS),
  revenue_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(ENTRY_SOURCES),
  role: z
    .enum(ENTRY_ROLES)
    .describe(
      "The member's part: own (recorded), diverted (handed on), received (taken over), recovered (their operation set the fate), credit_moved (a later holder's operation did: the CO2e moved to them).",
    ),
  order_id: z.number().int().nullable(),
  event_id: z.number().int().nullable().describe("The event whose results wrote the entry (source `event`)."),
  event_title: z
    .string()
    .nullable()
    .describe("That event's title as it is now, on the ledger's list and entry; null for other entries and in downloads."),
  co2e_kg: z.number(),
  factor_table: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const figuresSchema = z.object({
  entries: z.number().int(),
  weight_kg: z.number(),
  co2e_kg: z.number(),
  revenue_cents: z.number().int(),
  cost_cents: z.number().int(),
  confirmed_weight_kg: z.number(),
  confirmed_co2e_kg: z.number(),
  diverted_kg: z.number().describe("Handed on to another member for recovery."),
  received_kg: z.number().describe("Taken over from another member."),
  recovered_kg: z.number().describe("Treated by the member's own final operations on lots."),
  recovered_co2e_kg: z.number().describe("The CO2e of those operations, credited to the member (part of co2e_kg)."),
  fate_pending_kg: z.number().describe("Of what the member diverted, the weight whose fate no operation has set yet."),
  fate_pending_co2e_kg: z.number().describe("The CO2e credited to the member for it meanwhile (part of co2e_kg)."),
  active_users: z.number().int(),
});
const dateRangeSchema = z.object({ from: day, to: day, days: z.number().int() });
const factorsRefSchema = z.object({ key: z.string(), name: z.string(), edition: z.string() });

export const impactSummarySchema = z.object({
  period: dateRangeSchema,
  previous_period: dateRangeSchema,
  totals: figuresSchema,
  previous: figuresSchema,
  series: z.object({
    bucket: z.enum(["day", "week"]),
    points: z.array(
      z.object({ from: day, to: day, weight_kg: z.number(), by_treatment: z.record(z.enum(TREATMENTS), z.number()) }),
    ),
  }),
  factors: factorsRefSchema,
});

/** GET /api/impact/platform. */
export const platformFiguresSchema = z.object({
  totals: z.object({
    weight_kg: z.number().describe("Each kilogram once: at its first hand-over, or as its member recorded it."),
    co2e_kg: z.number().describe("Credited once, to the holder whose operation set the fate (the first transferor until then)."),
    members: z.number().int().describe("Members with an entry in the range."),
    transfers: z.number().int().describe("Hand-overs (completed orders) in the range, onward ones included."),
  }),
  by_treatment: z
    .array(z.object({ treatment: z.enum(TREATMENTS), weight_kg: z.number(), co2e_kg: z.number() }))
    .describe("The same weight and CO2e by the treatment the last final operation set (the listing's expected one until then)."),
  factors: factorsRefSchema,
});

const whyZero = z.string().optional().describe("Present when the factor is zero: why.");

/** GET /api/impact/materials (catalogue.ts). */
export const impactCatalogueSchema = z.object({
  materials: z.array(
    z.object({
      key: z.enum(MATERIALS),
      label: z.string(),
      factor_row: z.string().nullable(),
      proxy: z.string().nullable(),
      why_zero: whyZero,
    }),
  ),
  treatments: z.array(
    z.object({
      key: z.enum(TREATMENTS),
      label: z.string(),
      factor_column: z.string().nullable(),
      proxy: z.string().nullable(),
      why_zero: whyZero,
    }),
  ),
  factors: z.looseObject({ key: z.string(), name: z.string(), edition: z.string() }),
  grid: z.array(
    z.object({
      material: z.enum(MATERIALS),
      treatments: z.array(
        z.object({
          treatment: z.enum(TREATMENTS),
          kg_co2e_per_kg: z.number(),
          factor_row: z.string().nullable(),
          proxies: z.array(z.string()),
          why_zero: z.string().nullable(),
        }),
      ),
    }),
  ),
});
