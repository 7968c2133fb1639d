import { HIDDEN_CONTROLS_MESSAGE, hasHiddenControls } from "~/lib/text";
import { moneyToCents, numberField, numberRefusal } from "~/lib/numbers";
import { z } from "~/lib/zod";
import { hasAtMostThreeDecimals } from "./stock";
import { transferDetailsFields } from "./transfer-details";
import { CONTAINER_TYPES, MAX_WASTE_CODES, PHYSICAL_FORMS } from "../../../db/waste-values";
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
  MAX_CONTAINERS,
  MAX_WASTE_DESCRIPTION_LENGTH,
  MAX_WEIGHT_PER_UNIT_KG,
  ORDER_ACTIONS,
  ORDER_STATES,
} from "./vocabulary";

/**
 * What the exchange accepts from members and clients: listings, order requests, moves, messages
 * and reviews. Forms send text and JSON clients numbers; both are read alike. Quantities of
 * pieces are whole numbers; quantities and weights in kg or t carry up to three decimals.
 * Money is whole cents.
 */

/** A field a form may leave empty: empty text is absent. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const number = numberField;

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
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong).refine(noControlCharacters, CONTROL_CHARACTERS);

/** Line breaks and tabs are kept in text of several lines (hasHiddenControls), and refused in one line. */
const CONTROL_CHARACTERS = HIDDEN_CONTROLS_MESSAGE;
const noControlCharacters = (value: string) => !hasHiddenControls(value);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const oneLine = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(noControlCharacters, CONTROL_CHARACTERS)
    .optional()
    .transform((value) => value || undefined);

const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/** A waste field: empty text or null is absent (null, in a change, takes the field away). */
const wasteField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.nullable().optional());

/**
 * A waste listing's codes of the List of Waste: a JSON array, or a form's text with the codes
 * separated by commas or lines. Spaces and a trailing `*` are ignored ("20 01 01" is 200101); a
 * code given twice counts once. Whether each is on the list, and not hazardous, is checked by the
 * server against the list (waste-listing.server.ts): the list is not shipped to the browser.
 */
const ewcCodes = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[,;\n]/).filter((code) => code.trim() !== "") : value),
  z
    .array(
      z
        .string({ error: "Give each waste code as six digits, like 20 01 01" })
        .max(20, "Give each waste code as six digits, like 20 01 01"),
      {
        error: "Give the waste codes as a list of six-digit codes",
      },
    )
    // Bounds the work before the codes are read one by one.
    .max(50, `Choose at most ${MAX_WASTE_CODES} waste codes`)
    .transform((codes) => codes.map((code) => code.replace(/\s/g, "")))
    .refine((codes) => codes.every((code) => /^\d{6}\*?$/.test(code)), "Give each waste code as six digits, like 20 01 01")
    .transform((codes) => [...new Set(codes.map((code) => code.replace("*", "")))])
    .refine((codes) => codes.length >= 1, "Choose at least one waste code")
    .refine((codes) => codes.length <= MAX_WASTE_CODES, `Choose at most ${MAX_WASTE_CODES} waste codes`),
);

/** What makes a listing a waste listing, each field checked on its own; all null on any other listing. */
export const wasteFields = {
  ewc_codes: wasteField(ewcCodes),
  waste_description: wasteField(
    z
      .string({ error: "Describe the waste as text" })
      .trim()
      .max(MAX_WASTE_DESCRIPTION_LENGTH, `The waste's description must be at most ${MAX_WASTE_DESCRIPTION_LENGTH} characters`)
      .refine(noControlCharacters, CONTROL_CHARACTERS),
  ),
  physical_form: wasteField(choice(PHYSICAL_FORMS, "Choose the waste's form: Solid, Liquid, Sludge, Powder, Gas or Mixed")),
  container_type: wasteField(choice(CONTAINER_TYPES, "Choose a container type")),
  containers: wasteField(
    number("Give the number of containers as a whole number").refine(
      (value) => Number.isInteger(value) && value >= 1 && value <= MAX_CONTAINERS,
      `Give the number of containers as a whole number from 1 to ${MAX_CONTAINERS.toLocaleString("en-US")}`,
    ),
  ),
};

/** What a waste listing must say besides its codes, and what each missing one is refused with. */
const WASTE_DETAILS = {
  waste_description: "Describe the waste as its transfer note will name it",
  physical_form: "Choose the waste's form: Solid, Liquid, Sludge, Powder, Gas or Mixed",
  container_type: "Choose a container type",
  containers: "Give the number of containers",
} as const;

/** Every field of a listing, each checked on its own; `listingSchema` adds the rules between them. */
export const listingFields = {
  kind: choice(LISTING_KINDS, "Choose for sale, free or wanted"),
  title: requiredText(
    MAX_TITLE_LENGTH,
    "Give the listing a title",
    `The title must be at most ${MAX_TITLE_LENGTH} characters`,
  ).refine(oneLine, "Write the title on one line"),
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
    .string({ error: "Give the location as text" })
    .trim()
    .max(MAX_LOCATION_LENGTH, `The location must be at most ${MAX_LOCATION_LENGTH} characters`)
    .refine(oneLine, "Write the location on one line")
    .optional()
    .transform((value) => value ?? ""),
  handover: choice(HANDOVERS, "Choose how it changes hands"),
  ...wasteFields,
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
  // A waste listing says what its transfer note will: every detail, or none on any other listing.
  for (const [field, missing] of Object.entries(WASTE_DETAILS)) {
    const given = listing[field as keyof typeof WASTE_DETAILS] != null;
    if (listing.ewc_codes && !given) context.addIssue({ code: "custom", path: [field], message: missing });
    if (!listing.ewc_codes && given)
      context.addIssue({ code: "custom", path: [field], message: `Only a waste listing, with its waste codes, has a ${field}` });
  }
}

const withPrice = (listing: ListingInput) => ({
  ...listing,
  price_cents: listing.kind === "free" ? 0 : (listing.price_cents ?? 0),
  // A weight per piece means nothing for a listing in kg or t.
  weight_per_unit_kg: listing.unit === "piece" ? (listing.weight_per_unit_kg ?? null) : null,
  ewc_codes: listing.ewc_codes ?? null,
  waste_description: listing.waste_description ?? null,
  physical_form: listing.physical_form ?? null,
  container_type: listing.container_type ?? null,
  containers: listing.containers ?? null,
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
  /** A price per unit below the asking price; the server checks it against the listing. */
  offer_price_cents: blankIsAbsent(priceCents),
});
export type OrderRequest = z.output<typeof orderRequestSchema>;

/**
 * A move of an order: a reason when declining or cancelling, the owner's price per unit when
 * countering (checked against the offer and the asking price by the server), the weighed total
 * when completing, and on a waste order the transfer note's parts the confirming party owes (transfer-details.ts).
 */
export const orderTransitionSchema = z.object({
  action: choice(ORDER_ACTIONS, "Choose accept, accept_counter, counter, decline, cancel or complete"),
  price_cents: blankIsAbsent(priceCents),
  reason: optionalText(MAX_REASON_LENGTH, `The reason must be at most ${MAX_REASON_LENGTH} characters`),
  weight_kg: blankIsAbsent(weightKg(MAX_ORDER_WEIGHT_KG)),
  ...transferDetailsFields,
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

/**
 * The marketplace's six orders: "featured" lists members' listings newest first, then the samples;
 * "distance" nearest first (from `near`, or from the member's own location).
 */
export const LISTING_SORTS = ["featured", "price_asc", "price_desc", "rating", "newest", "distance"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const MAX_LISTINGS_PER_PAGE = 50;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_NEAR_LENGTH = 100;
export const MAX_RADIUS_KM = 500;
/** How far `near` looks when the search does not say: a day's round trip with a van, near enough to collect. */
export const DEFAULT_RADIUS_KM = 50;

const radiusKm = number(`Give the radius in km as a whole number from 1 to ${MAX_RADIUS_KM}`).refine(
  (value) => Number.isInteger(value) && value >= 1 && value <= MAX_RADIUS_KM,
  `Give the radius in km as a whole number from 1 to ${MAX_RADIUS_KM}`,
);

const searchText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

/** The List of Waste has 20 chapters, 01 to 20. */
const isWasteChapter = (chapter: string) => /^\d{2}$/.test(chapter) && Number(chapter) >= 1 && Number(chapter) <= 20;

/** GET /api/listings: every filter optional; a value that is not one of the lists is a 400 naming it. */
export const listingSearchSchema = z.object({
  search: searchText(MAX_SEARCH_LENGTH, `The search must be at most ${MAX_SEARCH_LENGTH} characters`),
  category: blankIsAbsent(choice(LISTING_CATEGORY_VALUES, "Choose one of the categories")),
  material: blankIsAbsent(choice(MATERIALS, "Choose one of the materials")),
  kind: blankIsAbsent(choice(LISTING_KINDS, "Choose sale, free or wanted")),
  location: searchText(MAX_LOCATION_LENGTH, `The location must be at most ${MAX_LOCATION_LENGTH} characters`),
  ewc_code: blankIsAbsent(
    z
      .string()
      .transform((code) => code.replace(/\s/g, ""))
      .refine((code) => /^\d{6}$/.test(code), "ewc_code must be a code of six digits, like 20 01 01"),
  ).describe("Waste listings naming this code of the List of Waste (six digits, spaces ignored)."),
  ewc_chapter: blankIsAbsent(
    z.string().refine(isWasteChapter, "ewc_chapter must be a chapter of the List of Waste, 01 to 20"),
  ).describe("Waste listings naming a code of this chapter (two digits, 01 to 20)."),
  near: searchText(MAX_NEAR_LENGTH, `near must be at most ${MAX_NEAR_LENGTH} characters`).describe(
    "A UK postcode (its district counts) or a town: listings within radius_km of it, and distances from it.",
  ),
  radius_km: blankIsAbsent(radiusKm).describe(
    "Listings at most this far in a straight line (1 to 500 km; 50 when near is given without it). Without near, from the member's own location.",
  ),
  sort: blankIsAbsent(choice(LISTING_SORTS, "Choose featured, price_asc, price_desc, rating, newest or distance")).transform(
    (value) => value ?? "featured",
  ),
  page: blankIsAbsent(
    number("Give the page as a whole number from 1").refine(
      (value) => Number.isInteger(value) && value >= 1 && value <= 10_000,
      "Give the page as a whole number from 1 to 10000",
    ),
  ).transform((value) => value ?? 1),
  limit: blankIsAbsent(
    number("Give the limit as a whole number").refine(
      (value) => Number.isInteger(value) && value >= 1 && value <= MAX_LISTINGS_PER_PAGE,
      `Give the limit as a whole number from 1 to ${MAX_LISTINGS_PER_PAGE}`,
    ),
  ).transform((value) => value ?? 20),
});
export type ListingSearch = z.output<typeof listingSearchSchema>;

const lenientText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || undefined)
    .catch(undefined);

/**
 * The marketplace page's URL state: the search's filters under the names the page's form sends
 * (`q` for the words), the layout, and how many pages of Load More are shown. A hand-edited URL
 * never fails: a value the page does not know falls back to its default.
 */
export const marketplacePageSchema = z.object({
  q: lenientText(MAX_SEARCH_LENGTH),
  category: z.enum(LISTING_CATEGORY_VALUES).optional().catch(undefined),
  material: z.enum(MATERIALS).optional().catch(undefined),
  kind: z.enum(LISTING_KINDS).optional().catch(undefined),
  location: lenientText(MAX_LOCATION_LENGTH),
  near: lenientText(MAX_NEAR_LENGTH),
  radius_km: z.coerce.number().int().min(1).max(MAX_RADIUS_KM).optional().catch(undefined),
  ewc_code: z
    .string()
    .optional()
    .transform((code) => code?.replace(/\s/g, "").replace("*", ""))
    .transform((code) => (code && /^\d{6}$/.test(code) ? code : undefined))
    .catch(undefined),
  ewc_chapter: z
    .string()
    .optional()
    .transform((chapter) => (chapter && isWasteChapter(chapter) ? chapter : undefined))
    .catch(undefined),
  sort: z.enum(LISTING_SORTS).catch("featured"),
  view: z.enum(["grid", "list"]).catch("grid"),
  page: z.coerce.number().int().min(1).max(50).catch(1),
});
export type MarketplacePage = z.output<typeof marketplacePageSchema>;

/** The search a marketplace page's URL state asks for: Load More shows every page up to the one asked for, as one. */
export const searchOfPage = (query: MarketplacePage, pageSize: number): ListingSearch => ({
  search: query.q,
  category: query.category,
  material: query.material,
  kind: query.kind,
  location: query.location,
  near: query.near,
  // The page's radius is of its Near place only: a member's own location orders and measures, never filters, there.
  radius_km: query.near ? query.radius_km : undefined,
  ewc_code: query.ewc_code,
  ewc_chapter: query.ewc_chapter,
  sort: query.sort,
  page: 1,
  limit: query.page * pageSize,
});

/**
 * A form's money field as the schemas read it: the page asks for a price in the currency's units
 * ("12.50"), the schemas and the API take whole cents (`field` + "_cents"). A price that is not a
 * number with at most two decimals is refused under the form's own field name.
 */
export function fromMoneyField(
  form: Record<string, unknown>,
  field: "price" | "offer_price",
): { fields: Record<string, unknown>; priceError?: string } {
  const { [field]: price, ...fields } = form;
  if (typeof price !== "string" || price.trim() === "") return { fields };
  const cents = moneyToCents(price);
  if (Number.isNaN(cents))
    return { fields, priceError: numberRefusal(price, "Give the price as a number with at most two decimals, like 12.50") };
  return { fields: { ...fields, [`${field}_cents`]: cents } };
}

/** A listing form's fields as listingSchema reads them (its price is `price`). */
export const fromListingForm = (form: Record<string, unknown>) => fromMoneyField(form, "price");

/** A refusal's field errors under the form's names (`price`, not the API's `price_cents`). */
export const formErrorsOf = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field === "price_cents" || field === "offer_price_cents" ? field.slice(0, -"_cents".length) : field,
      message,
    ]),
  );

export const ORDER_ROLES = ["buying", "selling"] as const;
export const ORDERS_PAGE_SIZE = 20;
const MAX_ORDERS_PAGE_SIZE = 50;

/** A whole number from a query string, at least 1; empty is absent. */
const wholeFromQuery = (message: string) =>
  blankIsAbsent(number(message).refine((value) => Number.isSafeInteger(value) && value >= 1, message));

/**
 * "My orders" and GET /api/orders: buying (the default) or selling, an optional state ("all" or
 * empty: every state), the page from 1 and its size (20; more than 50 is served as 50).
 */
export const orderListQuerySchema = z.object({
  role: blankIsAbsent(choice(ORDER_ROLES, "role must be buying or selling")).transform((role) => role ?? "buying"),
  state: z
    .preprocess(
      (value) => (value === "all" ? undefined : value),
      blankIsAbsent(choice(ORDER_STATES, "state must be requested, accepted, declined, cancelled or completed")),
    )
    .optional(),
  // A page past any real list is simply empty; the cap keeps the offset a whole number SQLite takes.
  page: wholeFromQuery("page must be a whole number from 1").transform((page) => Math.min(page ?? 1, 1_000_000)),
  limit: wholeFromQuery("limit must be a whole number from 1 to 50").transform((limit) =>
    Math.min(limit ?? ORDERS_PAGE_SIZE, MAX_ORDERS_PAGE_SIZE),
  ),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

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

/** The buttons of a listing form that add or remove one waste code without JavaScript. */
export const WASTE_CODE_ADD = "waste_code_add";
export const WASTE_CODE_REMOVE = "waste_code_remove";

/**
 * A listing form posted by an "Add" or "Remove" button of its waste codes (without JavaScript):
 * the form's `ewc_codes` text with that code added (at most MAX_WASTE_CODES, each once) or taken
 * away, and an error when a sixth is asked for. Null when the form was posted to be saved.
 */
export function wasteCodePick(form: Record<string, unknown>): { codes: string; error?: string } | null {
  const add = form[WASTE_CODE_ADD];
  const remove = form[WASTE_CODE_REMOVE];
  if (typeof add !== "string" && typeof remove !== "string") return null;
  const codes = String(form.ewc_codes ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
  if (typeof remove === "string") return { codes: codes.filter((code) => code !== remove).join(",") };
  const code = String(add).replace(/\s/g, "");
  if (codes.includes(code)) return { codes: codes.join(",") };
  if (codes.length >= MAX_WASTE_CODES) return { codes: codes.join(","), error: `Choose at most ${MAX_WASTE_CODES} waste codes` };
  return { codes: [...codes, code].join(",") };
}
