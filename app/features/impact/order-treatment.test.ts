import { describe, expect, it } from "vitest";
import { orderLedgerGrams, orderTreatment } from "./order-treatment";

describe("orderTreatment", () => {
  it("counts scrap and raw materials as recycled", () => {
    expect(orderTreatment({ condition: "scrap", category: "furniture" })).toBe("recycled");
    expect(orderTreatment({ condition: "used", category: "metals" })).toBe("recycled");
    expect(orderTreatment({ condition: "new", category: "plastics" })).toBe("recycled");
    expect(orderTreatment({ condition: "scrap", category: "electronics" })).toBe("recycled");
  });

  it("counts goods that change hands to be used again as reused", () => {
    expect(orderTreatment({ condition: "used", category: "furniture" })).toBe("reused");
    expect(orderTreatment({ condition: "for_parts", category: "tools" })).toBe("reused");
    // Electronics is the product category too: a working laptop is reused, not recycled.
    expect(orderTreatment({ condition: "refurbished", category: "electronics" })).toBe("reused");
  });
});

describe("orderLedgerGrams", () => {
  it("puts the order's weight in the ledgers to the gram, or nothing it cannot hold", () => {
    expect(orderLedgerGrams(37.5)).toBe(37_500);
    expect(orderLedgerGrams(0.0004)).toBeNull();
    expect(orderLedgerGrams(null)).toBeNull();
    expect(orderLedgerGrams(100_000_000)).toBe(100_000_000_000);
    expect(orderLedgerGrams(100_000_001)).toBeNull();
  });
});
