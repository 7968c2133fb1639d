import { describe, expect, it } from "vitest";
import { DECIMAL_COMMA_MESSAGE } from "~/lib/numbers";
import { fieldErrors } from "~/lib/forms";
import {
  listingChangeSchema,
  listingSchema,
  orderMessageSchema,
  orderRequestSchema,
  orderTransitionSchema,
  reviewSchema,
} from "./schemas";
import { LISTING_CATEGORY_VALUES } from "./vocabulary";

const pallets = {
  kind: "sale",
  title: "Wooden pallets, EUR size",
  description: "Sound pallets from our warehouse, stacked and dry.",
  category: "wood",
  material: "wood",
  condition: "used",
  quantity: "40",
  unit: "piece",
  weight_per_unit_kg: "25",
  price_cents: "350",
  location: "Leeds",
  handover: "collection",
};

/** The first message for each field a schema refuses, or {} when it accepts the input. */
function errorsOf(schema: { safeParse: (input: unknown) => { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe("listingSchema", () => {
  it("reads a form's text fields as a listing, with numbers as numbers", () => {
    expect(listingSchema.parse(pallets)).toEqual({
      ...pallets,
      quantity: 40,
      weight_per_unit_kg: 25,
      price_cents: 350,
      // Not a waste listing: no codes, and no waste details.
      ewc_codes: null,
      waste_description: null,
      physical_form: null,
      container_type: null,
      containers: null,
    });
  });

  it("reads a JSON client's numbers alike", () => {
    const json = { ...pallets, quantity: 40, weight_per_unit_kg: 25, price_cents: 350 };
    expect(listingSchema.parse(json)).toEqual(listingSchema.parse(pallets));
  });

  it("knows the marketplace's categories and the materials", () => {
    for (const category of ["furniture", "tools", "plastics", "paper", "construction", "electronics"]) {
      expect(LISTING_CATEGORY_VALUES).toContain(category);
      expect(listingSchema.safeParse({ ...pallets, category }).success).toBe(true);
    }
    expect(new Set(LISTING_CATEGORY_VALUES).size).toBe(LISTING_CATEGORY_VALUES.length);
    expect(errorsOf(listingSchema, { ...pallets, category: "boats" })).toEqual({ category: "Choose a category" });
    expect(errorsOf(listingSchema, { ...pallets, material: "gold" })).toEqual({
      material: "Choose the material it is mostly made of",
    });
  });

  it("says what is missing, field by field", () => {
    expect(errorsOf(listingSchema, {})).toEqual({
      kind: "Choose for sale, free or wanted",
      title: "Give the listing a title",
      description: "Describe what you are listing",
      category: "Choose a category",
      material: "Choose the material it is mostly made of",
      condition: "Choose a condition",
      quantity: "Give the quantity as a number",
      unit: "Choose pieces, kg or t",
      handover: "Choose how it changes hands",
    });
    expect(errorsOf(listingSchema, { ...pallets, title: "   " })).toEqual({ title: "Give the listing a title" });
  });

  it("keeps pieces whole and asks for a piece's weight", () => {
    expect(errorsOf(listingSchema, { ...pallets, quantity: "2.5" })).toEqual({ quantity: "Give a whole number of pieces" });
    expect(errorsOf(listingSchema, { ...pallets, weight_per_unit_kg: "" })).toEqual({
      weight_per_unit_kg: "Give the weight of one piece in kg",
    });
  });

  it("takes kg and t to three decimals and drops a weight per piece for them", () => {
    const bales = { ...pallets, unit: "t", quantity: "12.125", material: "plastics", category: "plastics" };
    expect(listingSchema.parse(bales)).toMatchObject({ quantity: 12.125, unit: "t", weight_per_unit_kg: null });
    expect(errorsOf(listingSchema, { ...bales, quantity: "1.0005" })).toEqual({
      quantity: "Give the quantity with at most three decimals",
    });
  });

  it("refuses quantities of zero, below zero, absurd or not numbers", () => {
    for (const value of ["0", "-3", 0, -1]) {
      expect(errorsOf(listingSchema, { ...pallets, quantity: value })).toEqual({ quantity: "The quantity must be above zero" });
    }
    expect(errorsOf(listingSchema, { ...pallets, quantity: "10000001" })).toEqual({
      quantity: "The quantity must be at most 10,000,000",
    });
    for (const value of ["ten", "1e3", "0x10", "1,25,000", "Infinity", Number.NaN, true, [3]]) {
      expect(errorsOf(listingSchema, { ...pallets, quantity: value })).toEqual({ quantity: "Give the quantity as a number" });
    }
    // A decimal comma is refused with a word on the point, and thousands separators are read.
    expect(errorsOf(listingSchema, { ...pallets, quantity: "1,5" })).toEqual({ quantity: DECIMAL_COMMA_MESSAGE });
    expect(listingSchema.parse({ ...pallets, quantity: "1,250" }).quantity).toBe(1250);
  });

  it("keeps prices whole cents from 0 to a million per unit, 0 when left out", () => {
    expect(listingSchema.parse({ ...pallets, price_cents: "0" }).price_cents).toBe(0);
    expect(listingSchema.parse({ ...pallets, price_cents: undefined }).price_cents).toBe(0);
    expect(listingSchema.parse({ ...pallets, price_cents: 100_000_000 }).price_cents).toBe(100_000_000);
    expect(errorsOf(listingSchema, { ...pallets, price_cents: "-1" })).toEqual({ price_cents: "The price cannot be below zero" });
    expect(errorsOf(listingSchema, { ...pallets, price_cents: "100000001" })).toEqual({
      price_cents: "The price must be at most 1,000,000 per unit",
    });
    expect(errorsOf(listingSchema, { ...pallets, price_cents: "3.5" })).toEqual({
      price_cents: "Give the price in cents as a whole number",
    });
    expect(errorsOf(listingSchema, { ...pallets, price_cents: "1e99" })).toEqual({
      price_cents: "Give the price in cents as a whole number",
    });
  });

  it("makes a free listing cost nothing, whatever price was sent", () => {
    expect(listingSchema.parse({ ...pallets, kind: "free", price_cents: "999" }).price_cents).toBe(0);
  });

  it("limits the text fields", () => {
    expect(
      listingSchema.safeParse({ ...pallets, title: "t".repeat(120), description: "d".repeat(5000), location: "l".repeat(100) })
        .success,
    ).toBe(true);
    expect(
      errorsOf(listingSchema, { ...pallets, title: "t".repeat(121), description: "d".repeat(5001), location: "l".repeat(101) }),
    ).toEqual({
      title: "The title must be at most 120 characters",
      description: "The description must be at most 5000 characters",
      location: "The location must be at most 100 characters",
    });
  });

  it("refuses 100 KB in every field quickly, with each field's own message", () => {
    const huge = "9".repeat(100 * 1024);
    const started = performance.now();
    const errors = errorsOf(listingSchema, Object.fromEntries(Object.keys(pallets).map((key) => [key, huge])));
    expect(performance.now() - started).toBeLessThan(500);
    expect(errors).toMatchObject({
      title: "The title must be at most 120 characters",
      quantity: "Give the quantity as a number",
      price_cents: "Give the price in cents as a whole number",
      kind: "Choose for sale, free or wanted",
    });
  });
});

describe("listingChangeSchema", () => {
  it("takes any field alone, or a status", () => {
    expect(listingChangeSchema.parse({ price_cents: "500" })).toEqual({ price_cents: 500 });
    expect(listingChangeSchema.parse({ status: "paused" })).toEqual({ status: "paused" });
    expect(errorsOf(listingChangeSchema, { status: "sold" })).toEqual({ status: "Choose active, paused or closed" });
  });

  it("refuses a change that changes nothing", () => {
    expect(errorsOf(listingChangeSchema, {})).toEqual({ form: "Change at least one field" });
  });
});

describe("orderRequestSchema", () => {
  it("reads a request from a form or a client", () => {
    expect(orderRequestSchema.parse({ listing_id: "7", quantity: "2", message: " Tuesday suits us ", handover: "" })).toEqual({
      listing_id: 7,
      quantity: 2,
      message: "Tuesday suits us",
    });
    expect(orderRequestSchema.parse({ listing_id: 7, quantity: 0.25, handover: "delivery" })).toEqual({
      listing_id: 7,
      quantity: 0.25,
      handover: "delivery",
    });
  });

  it("refuses bad listings, quantities and long messages", () => {
    expect(errorsOf(orderRequestSchema, { listing_id: "0", quantity: "1" })).toEqual({ listing_id: "Choose a listing" });
    expect(errorsOf(orderRequestSchema, { listing_id: "99999999999999999999", quantity: "1" })).toEqual({
      listing_id: "Choose a listing",
    });
    expect(errorsOf(orderRequestSchema, { listing_id: "1", quantity: "0" })).toEqual({
      quantity: "The quantity must be above zero",
    });
    expect(errorsOf(orderRequestSchema, { listing_id: "1", quantity: "1", message: "m".repeat(2001) })).toEqual({
      message: "The message must be at most 2000 characters",
    });
    expect(errorsOf(orderRequestSchema, { listing_id: "1", quantity: "1", handover: "drone" })).toEqual({
      handover: "Choose how it changes hands",
    });
  });
});

describe("orderTransitionSchema", () => {
  it("reads an action with its reason or weighed total", () => {
    expect(orderTransitionSchema.parse({ action: "decline", reason: "Sold elsewhere" })).toEqual({
      action: "decline",
      reason: "Sold elsewhere",
    });
    expect(orderTransitionSchema.parse({ action: "complete", weight_kg: "1012.5" })).toEqual({
      action: "complete",
      weight_kg: 1012.5,
    });
  });

  it("refuses unknown actions and weights of zero", () => {
    expect(errorsOf(orderTransitionSchema, { action: "ship" })).toEqual({
      action: "Choose accept, accept_counter, counter, decline, cancel or complete",
    });
    expect(errorsOf(orderTransitionSchema, { action: "complete", weight_kg: "0" })).toEqual({
      weight_kg: "The weight must be above zero",
    });
    expect(errorsOf(orderTransitionSchema, { action: "decline", reason: "r".repeat(501) })).toEqual({
      reason: "The reason must be at most 500 characters",
    });
  });
});

describe("messages and reviews", () => {
  it("takes a message of 1 to 2000 characters", () => {
    expect(orderMessageSchema.parse({ body: "  Can you load it on Friday?  " })).toEqual({ body: "Can you load it on Friday?" });
    expect(errorsOf(orderMessageSchema, { body: "   " })).toEqual({ body: "Write a message" });
    expect(errorsOf(orderMessageSchema, { body: "x".repeat(2001) })).toEqual({
      body: "A message must be at most 2000 characters",
    });
  });

  it("takes 1 to 5 whole stars and a text", () => {
    expect(reviewSchema.parse({ rating: "5", text: "On time, as described." })).toEqual({
      rating: 5,
      text: "On time, as described.",
    });
    for (const rating of ["0", "6", "4.5", "", "five", -1]) {
      expect(errorsOf(reviewSchema, { rating, text: "Fine" })).toEqual({ rating: "Choose 1 to 5 stars" });
    }
    expect(errorsOf(reviewSchema, { rating: 4, text: "x".repeat(2001) })).toEqual({
      text: "A review must be at most 2000 characters",
    });
    expect(errorsOf(reviewSchema, { rating: 4 })).toEqual({ text: "Write a few words about the exchange" });
  });
});
