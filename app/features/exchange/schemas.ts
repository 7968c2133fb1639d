import { z } from "~/lib/zod";
import { hasAtMostThreeDecimals } from "./stock";
import {
  HANDOVERS,
  LISTING_CATEGORY_VALUES,
  LISTING_CONDITIONS,
  LISTING_KINDS,
  LISTING_STATUSES,
  LISTING_UNITS,
  MATERIALS,
  MAX_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_ORDER_WEIGHT_KG,
  MAX_PRICE_CENTS,
  MAX_QUANTITY,
  MAX_REASON_LENGTH,
  MAX_REVIEW_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WEIGHT_PER_UNIT_KG,
  ORDER_ACTIONS,
} from "./vocabulary";

/**
 * What the exchange accepts from members and clients: listings, order requests, moves, messages
 * and reviews. Forms send text and JSON clients numbers; both are read alike. Quantities of
 * pieces are whole numbers; quantities and weights in kg or t carry up to three decimals.
 * Money is whole cents.
 */

/** The longest text read as a number: longer is not a number any form or client sends. */
const MAX_NUMBER_TEXT = 24;

/** Text that is a plain decimal number ("12", "0.25") becomes that number; "" becomes absent. */
function readNumber(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  if (text.length > MAX_NUMBER_TEXT || !/^-?\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Number(text);
}

/** A field a form may leave empty: empty text is absent. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const number = (message: string) => z.preprocess(readNumber, z.number({ error: message }));

/** A quantity above zero, at most MAX_QUANTITY, to three decimals (pieces are checked whole with their unit). */
const quantity = number("Give the quantity as a number")
  .refine((value) => value > 0, "The quantity must be above zero")
  .refine((value) => value <= MAX_QUANTITY, `The quantity must be at most ${MAX_QUANTITY.toLocaleString("en-US")}`)
  .refine(hasAtMostThreeDecimals, "Give the quantity with at most three decimals");

/** A weight in kg above zero, to a gram. */
const weightKg = (max: number) =>
  number("Give the weight in kg as a number")
    .refine((value) => value > 0, "The weight must be above zero")
    .refine((value) => value <= max, `The weight must be at most ${max.toLocaleString("en-US")} kg`)
    .refine(hasAtMostThreeDecimals, "Give the weight to the gram at most (three decimals)");

const priceCents = number("Give the price in cents as a whole number")
  .refine(Number.isInteger, "Give the price in cents as a whole number")
  .refine((value) => value >= 0, "The price cannot be below zero")
  .refine(
    (value) => value <= MAX_PRICE_CENTS,
    `The price must be at most ${(MAX_PRICE_CENTS / 100).toLocaleString("en-US")} per unit`,
  );

const id = (message: string) => number(message).refine((value) => Number.isSafeInteger(value) && value > 0, message);

const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/** Every field of a listing, each checked on its own; `listingSchema` adds the rules between them. */
export const listingFields = {
  kind: choice(LISTING_KINDS, "Choose for sale, free or wanted"),
  title: requiredText(MAX_TITLE_LENGTH, "Give the listing a title", `The title must be at most ${MAX_TITLE_LENGTH} characters`),
  description: requiredText(
    MAX_DESCRIPTION_LENGTH,
    "Describe what you are listing",
    `The description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  ),
  category: choice(LISTING_CATEGORY_VALUES, "Choose a category"),
  material: choice(MATERIALS, "Choose the material it is mostly made of"),
  condition: choice(LISTING_CONDITIONS, "Choose a condition"),
  quantity,
  unit: choice(LISTING_UNITS, "Choose pieces, kg or t"),
  weight_per_unit_kg: blankIsAbsent(weightKg(MAX_WEIGHT_PER_UNIT_KG)),
  price_cents: blankIsAbsent(priceCents),
  location: z
    .string()
    .trim()
    .max(MAX_LOCATION_LENGTH, `The location must be at most ${MAX_LOCATION_LENGTH} characters`)
    .optional()
    .transform((value) => value ?? ""),
  handover: choice(HANDOVERS, "Choose how it changes hands"),
};

type ListingInput = z.output<z.ZodObject<typeof listingFields>>;

/**
 * The rules between a listing's fields: a quantity of pieces is whole and each piece's weight is
 * given (the impact figures need the weight that changed hands); a free listing costs nothing,
 * whatever price was sent; a price left out is 0.
 */
function listingRules<T extends ListingInput>(listing: T, context: z.RefinementCtx) {
  if (listing.unit === "piece" && !Number.isInteger(listing.quantity)) {
    context.addIssue({ code: "custom", path: ["quantity"], message: "Give a whole number of pieces" });
  }
  if (listing.unit === "piece" && listing.weight_per_unit_kg === undefined) {
    context.addIssue({ code: "custom", path: ["weight_per_unit_kg"], message: "Give the weight of one piece in kg" });
  }
}

const withPrice = <T extends ListingInput>(listing: T) => ({
  ...listing,
  price_cents: listing.kind === "free" ? 0 : (listing.price_cents ?? 0),
  // A weight per piece means nothing for a listing in kg or t.
  weight_per_unit_kg: listing.unit === "piece" ? (listing.weight_per_unit_kg ?? null) : null,
});

/** A new listing (and an edited one, once the edit is merged with the stored fields). */
export const listingSchema = z.object(listingFields).superRefine(listingRules).transform(withPrice);
export type ListingValues = z.output<typeof listingSchema>;

/**
 * An owner's change to a listing: any of its fields, or its status. The server merges the change
 * with the stored listing and checks the result with `listingSchema`, so the rules between fields
 * hold for the whole listing, not only for what was sent.
 */
export const listingChangeSchema = z
  .object({ ...listingFields, status: choice(LISTING_STATUSES, "Choose active, paused or closed") })
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "Change at least one field",
    path: ["form"],
  });
export type ListingChange = z.output<typeof listingChangeSchema>;

/** Buy Now, and an offer on a wanted listing: the quantity is checked against the listing by the server. */
export const orderRequestSchema = z.object({
  listing_id: id("Choose a listing"),
  quantity,
  message: optionalText(MAX_MESSAGE_LENGTH, `The message must be at most ${MAX_MESSAGE_LENGTH} characters`),
  handover: blankIsAbsent(choice(HANDOVERS, "Choose how it changes hands")),
});
export type OrderRequest = z.output<typeof orderRequestSchema>;

/** A move of an order: a reason when declining or cancelling, the weighed total when completing. */
export const orderTransitionSchema = z.object({
  action: choice(ORDER_ACTIONS, "Choose accept, decline, cancel or complete"),
  reason: optionalText(MAX_REASON_LENGTH, `The reason must be at most ${MAX_REASON_LENGTH} characters`),
  weight_kg: blankIsAbsent(weightKg(MAX_ORDER_WEIGHT_KG)),
});
export type OrderTransition = z.output<typeof orderTransitionSchema>;

export const orderMessageSchema = z.object({
  body: requiredText(MAX_MESSAGE_LENGTH, "Write a message", `A message must be at most ${MAX_MESSAGE_LENGTH} characters`),
});

export const reviewSchema = z.object({
  rating: number("Choose 1 to 5 stars").refine(
    (value) => Number.isInteger(value) && value >= 1 && value <= 5,
    "Choose 1 to 5 stars",
  ),
  text: requiredText(
    MAX_REVIEW_LENGTH,
    "Write a few words about the exchange",
    `A review must be at most ${MAX_REVIEW_LENGTH} characters`,
  ),
});
export type ReviewValues = z.output<typeof reviewSchema>;

/** A line of the cart: a quantity in the listing's unit; 0 removes the line. */
export const cartLineSchema = z.object({
  listing_id: id("Choose a listing"),
  quantity: number("Give the quantity as a number")
    .refine((value) => value >= 0, "The quantity cannot be below zero")
    .refine((value) => value <= MAX_QUANTITY, `The quantity must be at most ${MAX_QUANTITY.toLocaleString("en-US")}`)
    .refine(hasAtMostThreeDecimals, "Give the quantity with at most three decimals"),
});
export type CartLine = z.output<typeof cartLineSchema>;

/** Checking out the cart: one message and one way of handing over for every request it sends. */
export const checkoutSchema = z.object({
  message: optionalText(MAX_MESSAGE_LENGTH, `The message must be at most ${MAX_MESSAGE_LENGTH} characters`),
  handover: blankIsAbsent(choice(HANDOVERS, "Choose how it changes hands")),
});
export type CheckoutDetails = z.output<typeof checkoutSchema>;
