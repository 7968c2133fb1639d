import { z } from "~/lib/zod";
import { numberField } from "~/lib/numbers";
import { carrierSchema, MAX_PLACE_LENGTH } from "~/features/exchange/transfer-details";
import { MAX_DESCRIPTION_LENGTH, MAX_ORDER_WEIGHT_KG } from "~/features/exchange/vocabulary";
import { hasAtMostThreeDecimals } from "~/features/exchange/stock";

/**
 * What a correction of a transfer note may change: where the waste changed hands, its
 * description, its weight and whether that is an estimate, and the carrier. The parties, the
 * codes and the transfer itself are what the note records happened, and stay.
 */
export const noteCorrectionSchema = z
  .strictObject(
    {
      place: z
        .string({ error: "The place must be text" })
        .trim()
        .min(1, "Say where the waste changed hands")
        .max(MAX_PLACE_LENGTH, `The place must be at most ${MAX_PLACE_LENGTH} characters`)
        .optional(),
      waste: z
        .strictObject(
          {
            description: z
              .string({ error: "The description must be text" })
              .trim()
              .min(1, "Describe the waste")
              .max(MAX_DESCRIPTION_LENGTH, `The description must be at most ${MAX_DESCRIPTION_LENGTH} characters`),
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
