import { z } from "~/lib/zod";
import { isPlainLine } from "~/lib/text";
import {
  MEANS_OF_TRANSPORT,
  REASONS_FOR_NO_REGISTRATION,
  type OrderTransferDetails,
  type TransferCarrier,
} from "../../../db/waste-values";
import type { OrderParty } from "./order-states";
import type { Handover } from "./vocabulary";

/**
 * What the parties of a waste order give for its transfer note when they confirm completion. The
 * transferor (the seller, who hands the waste over) declares the waste hierarchy and says where
 * it changed hands; whoever carries it names the carrier: the buyer when they collect or arrange
 * transport, the seller when they deliver. Each party's part is kept on the order as they
 * confirm, and the second confirmation issues the note from both. Plain values, so the order
 * page's form shows only what its party owes.
 */

export const TRANSFER_PARTS = ["hierarchy_declaration", "place", "carrier"] as const;
export type TransferPart = (typeof TRANSFER_PARTS)[number];

export const MAX_PLACE_LENGTH = 200;
export const MAX_CARRIER_TEXT_LENGTH = 120;

/** Who carries the waste on each way of handing it over. */
export const carrierParty = (handover: Handover): OrderParty => (handover === "delivery" ? "seller" : "buyer");

/** The parts of the note a party owes on an order handed over this way, in the form's order. */
export function partsOwedBy(party: OrderParty, handover: Handover): TransferPart[] {
  const owed: TransferPart[] = party === "seller" ? ["hierarchy_declaration", "place"] : [];
  if (carrierParty(handover) === party) owed.push("carrier");
  return owed;
}

/** What a missing part's error says, under the part's field name. */
export const MISSING_PART_MESSAGES: Record<TransferPart, string> = {
  hierarchy_declaration: "Declare that you applied the waste hierarchy",
  place: "Say where the waste changed hands",
  carrier: "Name who carried the waste",
};

const lineOfText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainLine, `Write ${label.toLowerCase()} on one line`)
    .optional()
    .transform((value) => value || undefined);

/** A yes from a form (a ticked box, "true") or from JSON (true); "false" and false are no. */
const yesNo = (message: string) =>
  z.preprocess(
    (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value === "" ? undefined : value),
    z.boolean({ error: message }).optional(),
  );

/** The carrier as a party names them: a registration number, or why there is none. */
export const carrierSchema = z
  .object({
    name: lineOfText(MAX_CARRIER_TEXT_LENGTH, "The carrier's name"),
    registration_number: lineOfText(MAX_CARRIER_TEXT_LENGTH, "The registration number"),
    reason_for_no_registration: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(REASONS_FOR_NO_REGISTRATION, { error: "Choose ON_SITE, HOUSEHOLD, ONE_OFF or MARINE" }).optional(),
    ),
    means_of_transport: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(MEANS_OF_TRANSPORT, { error: `Choose one of ${MEANS_OF_TRANSPORT.join(", ")}` }).optional(),
    ),
    vehicle_registration: lineOfText(20, "The vehicle registration"),
  })
  .superRefine((carrier, context) => {
    if (!carrier.name) context.addIssue({ code: "custom", path: ["name"], message: "Give the carrier's name" });
    if (!carrier.means_of_transport)
      context.addIssue({ code: "custom", path: ["means_of_transport"], message: "Choose how the waste was carried" });
    if (!carrier.registration_number === !carrier.reason_for_no_registration)
      context.addIssue({
        code: "custom",
        path: ["registration_number"],
        message: "Give the carrier's registration number, or the reason there is none (not both)",
      });
  });

/** A carrier as checked by carrierSchema, as the note stores it (what was not given is null). */
export function carrierOf(carrier: z.output<typeof carrierSchema>): TransferCarrier {
  return {
    name: carrier.name!,
    registration_number: carrier.registration_number ?? null,
    reason_for_no_registration: carrier.reason_for_no_registration ?? null,
    means_of_transport: carrier.means_of_transport!,
    vehicle_registration: carrier.vehicle_registration ?? null,
  };
}

/** The transfer note's fields of the `complete` move, each optional here: who owes which is the order's rule. */
export const transferDetailsFields = {
  weight_is_estimate: yesNo("weight_is_estimate must be true or false"),
  hierarchy_declaration: yesNo("hierarchy_declaration must be true").refine(
    (value) => value !== false,
    "The transferor must declare that they applied the waste hierarchy",
  ),
  place: lineOfText(MAX_PLACE_LENGTH, "The place"),
  carrier: carrierSchema.optional(),
};
export type TransferDetailsInput = Partial<z.output<z.ZodObject<typeof transferDetailsFields>>>;

/**
 * A form's flat fields (`carrier.name`, `carrier.means_of_transport`, …) as the API's object; a
 * carrier none of whose fields was filled in is absent.
 */
export function nestCarrierFields(fields: Record<string, unknown>) {
  const carrier: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith("carrier.")) carrier[key.slice("carrier.".length)] = value;
    else rest[key] = value;
  }
  const filled = Object.values(carrier).some((value) => typeof value === "string" && value.trim() !== "");
  return filled ? { ...rest, carrier } : rest;
}

/**
 * The order's transfer details once this party confirmed: their own parts merged into what the
 * other party gave before (which is never overwritten), or the errors naming each part they owe
 * and did not give. Parts the party does not owe are not kept: each comes from the one who knows it.
 */
export function mergeTransferDetails(
  party: OrderParty,
  handover: Handover,
  given: TransferDetailsInput,
  stored: OrderTransferDetails | null,
): { ok: true; details: OrderTransferDetails } | { ok: false; errors: Record<string, string>; message: string } {
  const owed = partsOwedBy(party, handover);
  const missing = owed.filter((part) => given[part] === undefined);
  if (missing.length)
    return {
      ok: false,
      errors: Object.fromEntries(missing.map((part) => [part, MISSING_PART_MESSAGES[part]])),
      message: `The transfer note needs from you: ${missing.join(", ")}.`,
    };
  const mine: OrderTransferDetails = {};
  if (given.weight_is_estimate !== undefined) mine.weight_is_estimate = given.weight_is_estimate;
  if (owed.includes("hierarchy_declaration")) mine.hierarchy_declaration = true;
  if (owed.includes("place")) mine.place = given.place;
  if (owed.includes("carrier") && given.carrier) mine.carrier = carrierOf(given.carrier);
  return { ok: true, details: { ...mine, ...stored } };
}

/** Why a carrier has no registration number, in words. */
export const NO_REGISTRATION_LABELS: Record<(typeof REASONS_FOR_NO_REGISTRATION)[number], string> = {
  ON_SITE: "The waste stayed on site",
  HOUSEHOLD: "A householder carried their own waste",
  ONE_OFF: "A one-off carriage by someone not in the business",
  MARINE: "Carried by sea under a marine licence",
};

/** The waste hierarchy declaration the transferor makes, as paper transfer notes word it. */
export const HIERARCHY_DECLARATION_TEXT =
  "I confirm that I have fulfilled my duty to apply the waste hierarchy as required by the waste regulations.";
