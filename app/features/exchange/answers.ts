import { z } from "~/lib/zod";
import {
  HANDOVERS,
  LISTING_CONDITIONS,
  LISTING_KINDS,
  LISTING_STATUSES,
  LISTING_UNITS,
  MATERIALS,
  ORDER_ACTIONS,
  ORDER_EVENT_ACTIONS,
  ORDER_STATES,
} from "./vocabulary";
import { CONTAINER_TYPES, PHYSICAL_FORMS } from "../../../db/waste-values";

/**
 * What the exchange's API answers, as schemas (wire.ts has the same shapes as types): the OpenAPI
 * document is built from these, and the integration tests check every answer against them.
 */

export const memberRefSchema = z.object({ id: z.number().int(), username: z.string() });
const time = z.string().describe("ISO 8601");

export const orderViewSchema = z.object({
  id: z.number().int(),
  listing: z.object({ id: z.number().int(), title: z.string(), kind: z.enum(LISTING_KINDS), unit: z.enum(LISTING_UNITS) }),
  quantity: z.number(),
  unit_price_cents: z
    .number()
    .int()
    .describe(
      "The price per unit on the table: the asking price or the offer, the owner's counter once countered; agreed once accepted",
    ),
  offer_price_cents: z.number().int().nullable().describe("The requester's offer per unit, below the asking price"),
  counter_price_cents: z
    .number()
    .int()
    .nullable()
    .describe("The owner's counter per unit; a requested order with one waits on the requester (accept_counter or cancel)"),
  total_cents: z
    .number()
    .int()
    .describe("Price per unit × the weight both confirmed in the listing's unit (kg or t, once completed), else × the quantity"),
  total_is_estimate: z.boolean().describe("True while a kg or t order's total is the requested quantity's, before completion"),
  state: z.enum(ORDER_STATES),
  handover: z.enum(HANDOVERS),
  message: z.string().nullable(),
  buyer: memberRefSchema,
  seller: memberRefSchema,
  confirmed_by: z.object({ buyer: z.boolean(), seller: z.boolean() }),
  weight_kg: z.number().nullable(),
  history: z.array(
    z.object({
      action: z.enum(ORDER_EVENT_ACTIONS),
      state: z.enum(ORDER_STATES),
      at: time,
      by: memberRefSchema,
      reason: z.string().nullable(),
      price_cents: z.number().int().nullable().describe("A request's offer or a counter's price per unit"),
    }),
  ),
  next_actions: z.array(z.enum(ORDER_ACTIONS)),
  created_at: time,
  updated_at: time,
});

const sellerViewSchema = memberRefSchema.extend({ rating: z.number().nullable(), reviews_count: z.number().int() });
const listingPhotoSchema = z.object({ url: z.string(), mime_type: z.string() });

export const listingViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LISTING_KINDS),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  material: z.enum(MATERIALS),
  condition: z.enum(LISTING_CONDITIONS),
  quantity: z.number(),
  unit: z.enum(LISTING_UNITS),
  weight_per_unit_kg: z.number().nullable(),
  price_cents: z.number().int(),
  location: z.string(),
  handover: z.enum(HANDOVERS),
  ewc_codes: z
    .array(z.object({ code: z.string().regex(/^\d{6}$/), display_code: z.string(), description: z.string() }))
    .nullable()
    .describe("A waste listing's codes of the List of Waste; null on any other listing, as the four waste fields."),
  waste_description: z.string().nullable(),
  physical_form: z.enum(PHYSICAL_FORMS).nullable(),
  container_type: z.enum(CONTAINER_TYPES).nullable().describe("A container code of the digital waste tracking service."),
  containers: z.number().int().nullable(),
  seller: sellerViewSchema,
  quantity_left: z.number(),
  status: z.enum(LISTING_STATUSES),
  is_sample: z.boolean(),
  photos: z.array(listingPhotoSchema),
  created_at: time,
  updated_at: time,
  is_hidden: z.boolean(),
});

/**
 * A listing as a visitor who is not signed in reads it (GET /api/public/listings): the listing's
 * fields without what only members see (its status and moderation, the seller's member id).
 */
export const publicListingSchema = listingViewSchema
  .omit({ status: true, is_sample: true, is_hidden: true, seller: true, location: true })
  .extend({
    location: z.string().describe("The town or region the seller gave; a full UK postcode in it is cut to its district."),
    seller: sellerViewSchema.omit({ id: true }).describe("The seller's display name and rating."),
  });

const distanceKm = z
  .number()
  .nullable()
  .describe(
    "How far the listing is in a straight line from `near` (or, for a member without it, from their profile's location), " +
      "in km: to 0.1 km under 10 km, whole km above; null without either, or when the listing's location is no known place.",
  );

/** A listing as the search lists it. */
export const listingCardSchema = listingViewSchema.extend({ distance_km: distanceKm });
/** A public listing as the public search lists it. */
export const publicListingCardSchema = publicListingSchema.extend({ distance_km: distanceKm });

export const listingDetailSchema = listingViewSchema.extend({
  sample: z
    .object({
      long_description: z.string(),
      original_price_cents: z.number().int(),
      sustainability: z.number(),
      tags: z.array(z.string()),
      features: z.array(z.string()),
      images: z.array(z.string()),
      rating: z.number(),
      reviews: z.array(z.object({ author: z.string(), rating: z.number(), date: z.string(), text: z.string() })),
    })
    .nullable(),
  is_reported: z.boolean(),
});

export const reviewViewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  author: memberRefSchema,
  subject: memberRefSchema,
  created_at: time,
});

export const orderMessageViewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  author: memberRefSchema,
  body: z.string(),
  created_at: time,
});

const cartItemSchema = z.object({
  listing: listingViewSchema
    .pick({
      id: true,
      title: true,
      kind: true,
      unit: true,
      price_cents: true,
      quantity_left: true,
      status: true,
      is_sample: true,
    })
    .extend({ photo: listingPhotoSchema.nullable() }),
  quantity: z.number(),
  total_cents: z.number().int(),
  total_is_estimate: z.boolean().describe("A kg or t line: its order is billed on the weight both parties confirm"),
  problem: z.string().nullable(),
});

export const cartViewSchema = z.object({
  items: z.array(cartItemSchema),
  sellers: z.array(z.object({ seller: sellerViewSchema, items: z.array(cartItemSchema), total_cents: z.number().int() })),
  total_cents: z.number().int(),
});
