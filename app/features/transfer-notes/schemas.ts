import { readNumber } from "~/lib/numbers";
import { z } from "~/lib/zod";
import { NOTE_PARTIES } from "../../../db/waste-values";

/**
 * What the register reads from members and clients (its filters) and what the API answers (a
 * note, the register's totals by code). Browser-safe: the register page's form uses the filters.
 *
 * Dates are UTC calendar days: a note records its moments in UTC and prints them so, and a
 * register filtered by the same dates must list the same notes whoever reads it, whatever their
 * device's zone (the two parties of a note may be in different zones).
 */

/** Notes a page of the register. */
export const NOTES_PER_PAGE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD, within four-digit years. */
export function isCalendarDay(value: string) {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dayFilter = (name: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().refine(isCalendarDay, `${name} must be a real calendar date written YYYY-MM-DD`).optional(),
  );

const range = {
  from: dayFilter("from").describe("The first UTC day of transfer (YYYY-MM-DD), included."),
  to: dayFilter("to").describe("The last UTC day of transfer (YYYY-MM-DD), included."),
};
const inOrder = { message: "from must not be after to", path: ["from"] };
const ordered = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

/** GET /api/transfer-notes and the register page: every filter optional; a bad value is a 400 naming it. */
export const registerQuerySchema = z
  .object({
    role: z
      .preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(NOTE_PARTIES, { error: "role must be transferor or transferee" }).optional(),
      )
      .describe("Only the notes where the caller handed the waste over (transferor) or took it (transferee)."),
    ...range,
    // A page past the register is simply empty; the cap keeps the offset a whole number SQLite takes.
    page: z
      .preprocess(
        (value) => readNumber(value),
        z
          .number({ error: "page must be a whole number from 1" })
          .refine((page) => Number.isSafeInteger(page) && page >= 1, "page must be a whole number from 1")
          .optional(),
      )
      .transform((page) => Math.min(page ?? 1, 1_000_000)),
  })
  .refine(ordered, inOrder);
export type RegisterQuery = z.output<typeof registerQuerySchema>;

/** GET /api/transfer-notes/export: the register's dates, every note without them. */
export const registerExportQuerySchema = z.object(range).refine(ordered, inOrder);
export type RegisterExportQuery = z.output<typeof registerExportQuerySchema>;

const partySchema = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  legal_name: z.string(),
  address: z.string(),
  postcode: z.string(),
  country: z.string(),
  sic_code: z.string(),
  roles: z.array(z.string()),
  carrier_registration: z.string().nullable(),
  permit_number: z.string().nullable(),
  exemption_reference: z.string().nullable(),
  site_name: z.string().nullable(),
});

const noteLinkSchema = z.object({ id: z.number().int(), number: z.string() }).nullable();

/** A transfer note as its parties read it (TransferNoteView). */
export const transferNoteSchema = z.object({
  id: z.number().int(),
  number: z.string().describe("CH-YYYY-NNNNNN: unique, never reused."),
  order_id: z.number().int().nullable(),
  issued_at: z.string(),
  transferred_at: z.string(),
  place: z.string(),
  transferor: partySchema.describe("Who handed the waste over (the order's seller), as at the transfer."),
  transferee: partySchema.describe("Who took it (the order's buyer), as at the transfer."),
  carrier: z.object({
    name: z.string(),
    registration_number: z.string().nullable(),
    reason_for_no_registration: z.string().nullable(),
    means_of_transport: z.string(),
    vehicle_registration: z.string().nullable(),
  }),
  waste: z.object({
    ewc_codes: z.array(z.object({ code: z.string(), description: z.string() })),
    description: z.string(),
    physical_form: z.string(),
    container_type: z.string(),
    containers: z.number(),
    quantity: z.number(),
    unit: z.string(),
    weight_kg: z.number(),
    weight_is_estimate: z.boolean(),
  }),
  hierarchy_declaration: z.boolean(),
  signatures: z.array(z.object({ party: z.enum(NOTE_PARTIES), name: z.string(), at: z.string() })),
  retain_until: z.string(),
  lot_id: z.number().int().nullable(),
  replaces: noteLinkSchema.describe("The note this one corrects."),
  replaced_by: noteLinkSchema.describe("The note that corrected this one."),
});

/** The filtered register's weight by code: a note of several codes counts under each. */
export const codeTotalSchema = z.object({
  code: z.string(),
  description: z.string(),
  notes: z.number().int(),
  weight_kg: z.number(),
});
export type CodeTotal = z.output<typeof codeTotalSchema>;

/** What anyone but a note's two parties is told, alike for a note that does not exist. */
export const NO_SUCH_NOTE = "This transfer note does not exist.";
/** The receipt is the transferee's to send: they received the waste. */
export const RECEIPT_IS_THE_TRANSFEREES =
  "Only the transferee, who received the waste, sends its receipt to digital waste tracking.";

/** GET /api/transfer-notes/:id/dwt: `download=1` sends the receipt alone as a JSON file (the page's link). */
export const dwtReceiptQuerySchema = z.object({
  download: z
    .enum(["1"], { error: "download must be 1 or left out" })
    .optional()
    .describe("1: the receipt alone, as a JSON file to download."),
});

const dwtWeightSchema = z.object({ metric: z.string(), amount: z.number(), isEstimate: z.boolean() });

/** The receipt as DWT's ReceiveMovementRequest names its fields (those a note fills). */
export const dwtReceiptSchema = z.object({
  dateTimeReceived: z.string(),
  reasonForNoConsignmentCode: z
    .string()
    .optional()
    .describe("NON_HAZ_WASTE_TRANSFER: a plain transfer note's waste is not hazardous."),
  yourUniqueReference: z.string().describe("The note's number."),
  otherReferencesForMovement: z.array(z.object({ label: z.string(), reference: z.string() })).optional(),
  wasteItems: z.array(
    z.object({
      ewcCodes: z.array(z.string()),
      wasteDescription: z.string(),
      physicalForm: z.string(),
      numberOfContainers: z.number().int(),
      typeOfContainers: z.string(),
      weight: dwtWeightSchema,
      containsHazardous: z.boolean(),
      hazardous: z.null(),
    }),
  ),
  carrier: z.object({
    organisationName: z.string(),
    registrationNumber: z.string().nullable(),
    reasonForNoRegistrationNumber: z.string().optional(),
    meansOfTransport: z.string(),
    vehicleRegistration: z.string().optional(),
  }),
  receiver: z.object({ siteName: z.string().optional(), authorisationNumber: z.string().optional() }),
  receipt: z.object({ address: z.object({ fullAddress: z.string(), postcode: z.string() }) }),
});

/** The receipt with what it lacks and what the service's rules refuse in it. */
export const dwtReceiptAnswerSchema = z.object({
  receipt: dwtReceiptSchema,
  missing: z
    .array(z.object({ field: z.string(), why: z.string(), required: z.boolean() }))
    .describe("Fields the note does not hold, named rather than guessed; `required` ones stop the receipt being sent."),
  errors: z
    .array(z.object({ key: z.string(), errorType: z.string(), message: z.string() }))
    .describe("What the service's rules would refuse in the fields given, as it reports it."),
  ready: z.boolean().describe("Nothing required missing and nothing refused: sendable once the sender adds its apiCode."),
});
