import { z } from "~/lib/zod";
import { numberField } from "~/lib/numbers";
import { carrierSchema, MAX_PLACE_LENGTH } from "~/features/exchange/transfer-details";
import { MAX_ORDER_WEIGHT_KG, MAX_WASTE_DESCRIPTION_LENGTH } from "~/features/exchange/vocabulary";
import { HIDDEN_CONTROLS_MESSAGE, hasHiddenControls, isPlainLine } from "~/lib/text";
import { hasAtMostThreeDecimals } from "~/features/exchange/stock";
import type { TransferCarrier } from "../../../db/waste-values";

/**
 * What a correction of a transfer note may change: where the waste changed hands, its
 * description, its weight and whether that is an estimate, and the carrier. The parties, the
 * codes and the transfer itself are what the note records happened, and stay.
 */
export const noteCorrectionSchema = z
  .strictObject(
    {
      // As the order's completion takes them: the place on one line, neither text with hidden controls.
      place: z
        .string({ error: "The place must be text" })
        .trim()
        .min(1, "Say where the waste changed hands")
        .max(MAX_PLACE_LENGTH, `The place must be at most ${MAX_PLACE_LENGTH} characters`)
        .refine(isPlainLine, "Write the place on one line")
        .optional(),
      waste: z
        .strictObject(
          {
            description: z
              .string({ error: "The description must be text" })
              .trim()
              .min(1, "Describe the waste")
              .max(MAX_WASTE_DESCRIPTION_LENGTH, `The description must be at most ${MAX_WASTE_DESCRIPTION_LENGTH} characters`)
              .refine((description) => !hasHiddenControls(description), HIDDEN_CONTROLS_MESSAGE),
          },
          { error: "Of the waste, only its description can be corrected" },
        )
        .optional(),
      weight_kg: numberField("Give the weight in kg as a number")
        .refine((value) => value > 0, "The weight must be above zero")
        .refine(
          (value) => value <= MAX_ORDER_WEIGHT_KG,
          `The weight must be at most ${MAX_ORDER_WEIGHT_KG.toLocaleString("en-US")} kg`,
        )
        .refine(hasAtMostThreeDecimals, "Give the weight to the gram at most (three decimals)")
        .optional(),
      weight_is_estimate: z.boolean({ error: "weight_is_estimate must be true or false" }).optional(),
      carrier: carrierSchema.optional(),
    },
    { error: "A correction takes place, waste.description, weight_kg, weight_is_estimate and carrier only" },
  )
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "Name at least one field to correct: place, waste.description, weight_kg, weight_is_estimate or carrier",
    path: ["form"],
  });
export type NoteCorrection = z.output<typeof noteCorrectionSchema>;

/** What the correction form shows and compares against: the note's correctable fields as they stand. */
export type CorrectableNote = {
  place: string;
  description: string;
  weight_kg: number;
  weight_is_estimate: boolean;
  carrier: TransferCarrier;
};

export const CARRIER_FIELDS = [
  "name",
  "registration_number",
  "reason_for_no_registration",
  "means_of_transport",
  "vehicle_registration",
] as const;

const sameText = (typed: unknown, current: string | null) => (typeof typed === "string" ? typed.trim() : "") === (current ?? "");

/**
 * The correction a form asks for: the form shows every correctable field filled in with the
 * note's own values, so only the fields the member changed are a correction (an unticked box is
 * "not an estimate"). The carrier is corrected whole when any of its fields changed. Nothing
 * changed: an empty object, which the correction's schema refuses with its own message.
 */
export function correctionFromForm(note: CorrectableNote, fields: Record<string, unknown>): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  if (!sameText(fields.place, note.place)) change.place = fields.place;
  if (!sameText(fields.description, note.description)) change.waste = { description: fields.description };
  const weight = typeof fields.weight_kg === "string" ? fields.weight_kg.trim() : fields.weight_kg;
  if (weight !== String(note.weight_kg) && Number(weight) !== note.weight_kg) change.weight_kg = weight;
  const estimate = fields.weight_is_estimate === "true";
  if (estimate !== note.weight_is_estimate) change.weight_is_estimate = estimate;
  const carrier = Object.fromEntries(CARRIER_FIELDS.map((key) => [key, fields[`carrier.${key}`] ?? ""]));
  if (CARRIER_FIELDS.some((key) => !sameText(carrier[key], note.carrier[key]))) change.carrier = carrier;
  return change;
}
