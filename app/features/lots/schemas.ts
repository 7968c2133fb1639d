import { hasAtMostThreeDecimals } from "~/features/exchange/stock";
import { numberField, readNumber } from "~/lib/numbers";
import { z } from "~/lib/zod";
import { MATERIALS } from "~/vocabulary/materials";
import { LOT_STATES } from "../../../db/waste-values";
import { OPERATION_CODES } from "./operations";

/** Lots as the API reads and answers them: one schema each, for the routes and the API document. */

export const LOTS_PER_PAGE = 20;
/** A chain's steps a page: a lot with thousands below it would otherwise answer megabytes. */
export const CHAIN_PER_PAGE = 200;
/** The heaviest weight one operation records: as much as any lot can hold. */
export const MAX_OPERATION_WEIGHT_KG = 100_000_000;

const page = z
  .preprocess(
    (value) => readNumber(value),
    z
      .number({ error: "page must be a whole number from 1" })
      .refine((value) => Number.isSafeInteger(value) && value >= 1, "page must be a whole number from 1")
      .optional(),
  )
  .transform((value) => Math.min(value ?? 1, 1_000_000));

/** GET /api/lots/:id and the lot's page: which page of its chain. */
export const chainQuerySchema = z.object({ page });

/** GET /api/lots and /app/lots: open lots unless told, newest first. */
export const lotQuerySchema = z.object({
  state: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(LOT_STATES, { error: "state must be open or closed" }).optional(),
    )
    .transform((value) => value ?? "open"),
  page,
});
export type LotQuery = z.output<typeof lotQuerySchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

/** POST /api/lots/:id/operations and the lot page's form: what the holder did, with how much, on which day. */
export const operationSchema = z.object({
  code: z.enum(OPERATION_CODES, { error: "Choose an operation code, R1 to R13 or D1 to D15" }),
  weight_kg: numberField("Give the weight in kg as a number")
    .refine((value) => value > 0, "The weight must be above zero")
    .refine((value) => value <= MAX_OPERATION_WEIGHT_KG, "The weight is more than any lot holds")
    .refine(hasAtMostThreeDecimals, "Give the weight in kg with at most three decimals"),
  date: z
    .string({ error: "Give the day it was done (YYYY-MM-DD)" })
    .regex(ISO_DAY, "Give the day it was done as YYYY-MM-DD")
    .refine(isRealDay, "Give a day of the calendar"),
});
export type OperationInput = z.output<typeof operationSchema>;

export const lotViewSchema = z.object({
  id: z.number().int(),
  holder: z.object({
    member_id: z.number().int(),
    name: z.string().describe("The holder's business, as the note that gave the lot named it."),
  }),
  material: z.enum(MATERIALS),
  ewc_codes: z.array(z.string()),
  weight_kg: z.number().describe("The weight received."),
  weight_left_kg: z.number().describe("What onward hand-overs and final operations have not taken yet."),
  state: z.enum(LOT_STATES),
  parent_lot_id: z.number().int().nullable().describe("The lot this one was listed from; null for the first hand-over."),
  note_id: z.number().int().nullable().describe("The transfer note that gave it; null once the note was swept."),
  note_number: z.string().nullable(),
  created_at: z.string(),
});
export type LotView = z.output<typeof lotViewSchema>;

export const operationViewSchema = z.object({
  id: z.number().int(),
  lot_id: z.number().int(),
  code: z.enum(OPERATION_CODES),
  final: z.boolean().describe("Whether it fixes the weight's fate: every code but R12, R13, D13, D14, D15."),
  weight_kg: z.number(),
  date: z.string(),
  created_at: z.string(),
});
export type OperationView = z.output<typeof operationViewSchema>;

export const chainEventSchema = z.object({
  type: z.enum(["handover", "operation"]),
  at: z.string().describe("A hand-over's moment (ISO 8601), an operation's day (YYYY-MM-DD)."),
  lot_id: z.number().int(),
  from: z.string().nullable().describe("The business that handed the weight over, or that did the operation."),
  to: z.string().nullable().describe("The business that took it; null for an operation."),
  weight_kg: z.number(),
  code: z.enum(OPERATION_CODES).nullable(),
  final: z.boolean().nullable(),
  note_number: z.string().nullable(),
});
export type ChainEvent = z.output<typeof chainEventSchema>;
