import { describe, expect, it } from "vitest";
import { DECIMAL_COMMA_MESSAGE } from "~/lib/numbers";
import { fieldErrors } from "~/lib/forms";
import { latestToday } from "./periods";
import { entryChangeSchema, entryQuerySchema, entrySchema, fromEntryForm } from "./schemas";

const load = { date: "2025-03-14", material: "metals", weight_kg: 250, treatment: "recycled" };

const errorsOf = (schema: typeof entrySchema | typeof entryChangeSchema | typeof entryQuerySchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("entrySchema", () => {
  it("reads a load from JSON numbers and from a form's text alike, ignoring keys it does not know", () => {
    expect(entrySchema.parse({ ...load, revenue_cents: -1200, note: "  Yard 2  ", source: "order", id: 9 })).toEqual({
      ...load,
      revenue_cents: -1200,
      note: "Yard 2",
    });
    expect(entrySchema.parse({ ...load, weight_kg: "0.25", revenue_cents: "", note: "" })).toEqual({
      ...load,
      weight_kg: 0.25,
      revenue_cents: null,
      note: null,
    });
  });

  it("refuses weights that are not above zero, round to no gram, or pass 100,000 t", () => {
    expect(errorsOf(entrySchema, { ...load, weight_kg: -5 })).toEqual({ weight_kg: "The weight must be above zero" });
    expect(errorsOf(entrySchema, { ...load, weight_kg: 0 })).toEqual({ weight_kg: "The weight must be above zero" });
    expect(errorsOf(entrySchema, { ...load, weight_kg: 0.0004 })).toEqual({
      weight_kg: "The weight must be at least 1 gram (0.001 kg)",
    });
    expect(errorsOf(entrySchema, { ...load, weight_kg: 100_000_001 })).toEqual({
      weight_kg: "A single entry can weigh at most 100,000 t.",
    });
    expect(entrySchema.safeParse({ ...load, weight_kg: 100_000_000 }).success).toBe(true);
    // Weights as people write them: thousands grouped, a point for decimals; "1,5" is asked again.
    expect(entrySchema.parse({ ...load, weight_kg: "1,250" }).weight_kg).toBe(1250);
    expect(entrySchema.parse({ ...load, weight_kg: "1\u202f250.5" }).weight_kg).toBe(1250.5);
    expect(errorsOf(entrySchema, { ...load, weight_kg: "1,5" })).toEqual({ weight_kg: DECIMAL_COMMA_MESSAGE });
    expect(errorsOf(entrySchema, { ...load, weight_kg: "ten" })).toEqual({ weight_kg: "Give the weight in kg as a number" });
    expect(errorsOf(entrySchema, { ...load, weight_kg: "1e9" })).toEqual({ weight_kg: "Give the weight in kg as a number" });
  });

  it("refuses dates in the future anywhere on Earth, before 2000, or not on the calendar", () => {
    const tomorrowEverywhere = new Date(Date.parse(`${latestToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf(entrySchema, { ...load, date: tomorrowEverywhere })).toEqual({ date: "The date cannot be in the future." });
    expect(entrySchema.safeParse({ ...load, date: latestToday() }).success).toBe(true);
    expect(errorsOf(entrySchema, { ...load, date: "1999-12-31" })).toEqual({
      date: "The date cannot be before 1 January 2000.",
    });
    expect(errorsOf(entrySchema, { ...load, date: "2026-02-30" })).toEqual({ date: "Give a real calendar date as YYYY-MM-DD" });
    expect(errorsOf(entrySchema, { ...load, date: "14/03/2025" })).toEqual({ date: "Give a real calendar date as YYYY-MM-DD" });
  });

  it("refuses unknown materials and treatments, money out of bounds and control characters in notes", () => {
    expect(errorsOf(entrySchema, { ...load, material: "uranium", treatment: "buried" })).toEqual({
      material: "Choose one of the materials",
      treatment: "Choose what happened to the load",
    });
    expect(errorsOf(entrySchema, { ...load, revenue_cents: 12.5 })).toEqual({
      revenue_cents: "Give the revenue in cents as a whole number (negative for a cost)",
    });
    expect(errorsOf(entrySchema, { ...load, revenue_cents: -100_000_000_000 })).toEqual({
      revenue_cents: "A revenue or cost can be at most 999,999,999.99 in the currency",
    });
    expect(entrySchema.safeParse({ ...load, revenue_cents: 99_999_999_999 }).success).toBe(true);
    expect(errorsOf(entrySchema, { ...load, note: "x".repeat(501) })).toEqual({
      note: "The note must be at most 500 characters",
    });
    expect(errorsOf(entrySchema, { ...load, note: "bell\u0007" })).toEqual({
      note: "Remove the control characters from the note",
    });
    expect(entrySchema.parse({ ...load, note: "line one\r\nline two\rthree" }).note).toBe("line one\nline two\nthree");
    for (const sneaky of ["a\u202eb", "a\u0085c", "a\u2066b"]) {
      expect(errorsOf(entrySchema, { ...load, note: sneaky })).toEqual({ note: "Remove the control characters from the note" });
    }
  });

  it("takes weights to the gram, and no finer", () => {
    expect(entrySchema.parse({ ...load, weight_kg: "0.001" }).weight_kg).toBe(0.001);
    expect(entrySchema.parse({ ...load, weight_kg: 1200.125 }).weight_kg).toBe(1200.125);
    expect(errorsOf(entrySchema, { ...load, weight_kg: 0.0005 })).toEqual({
      weight_kg: "Give the weight to the gram at most: three decimals in kg",
    });
  });
});

describe("entryChangeSchema", () => {
  it("takes any subset of the fields, null clearing the money or the note, and refuses an empty change", () => {
    expect(entryChangeSchema.parse({ weight_kg: "12" })).toEqual({ weight_kg: 12 });
    expect(entryChangeSchema.parse({ revenue_cents: null, note: null })).toEqual({ revenue_cents: null, note: null });
    expect(errorsOf(entryChangeSchema, {})).toEqual({ form: "Change at least one field" });
    expect(errorsOf(entryChangeSchema, { treatment: "incinerated" })).toEqual({ treatment: "Choose what happened to the load" });
  });
});

describe("entryQuerySchema", () => {
  it("reads the filters, the page from 1, and names a bad value", () => {
    expect(entryQuerySchema.parse({})).toEqual({ page: 1 });
    expect(entryQuerySchema.parse({ from: "2025-01-01", to: "2025-01-31", material: "wood", treatment: "", page: "3" })).toEqual({
      from: "2025-01-01",
      to: "2025-01-31",
      material: "wood",
      page: 3,
    });
    expect(errorsOf(entryQuerySchema, { page: "0" })).toEqual({ page: "page must be a whole number from 1" });
    expect(errorsOf(entryQuerySchema, { from: "2026-02-30" })).toEqual({
      from: "from must be a real calendar date written YYYY-MM-DD",
    });
    expect(errorsOf(entryQuerySchema, { from: "2025-02-01", to: "2025-01-01" })).toEqual({ from: "from must not be after to" });
    expect(Object.keys(errorsOf(entryQuerySchema, { material: "gold" }))).toEqual(["material"]);
  });
});

describe("fromEntryForm", () => {
  it("turns the form's amount and its revenue or cost choice into signed cents", () => {
    expect(fromEntryForm({ ...load, amount: "12.50", money: "revenue" }).fields).toMatchObject({ revenue_cents: 1250 });
    expect(fromEntryForm({ ...load, amount: "12.50", money: "cost" }).fields).toMatchObject({ revenue_cents: -1250 });
    expect(fromEntryForm({ ...load, amount: "" }).fields).toMatchObject({ revenue_cents: null });
    expect(fromEntryForm({ ...load, amount: "12,50" }).amountError).toBe(DECIMAL_COMMA_MESSAGE);
    expect(fromEntryForm({ ...load, amount: "12.505" }).amountError).toBe(
      "Give the amount as a number with at most two decimals, like 12.50",
    );
    expect(fromEntryForm({ ...load, amount: "1,250.50" }).fields).toMatchObject({ revenue_cents: 125_050 });
  });
});
