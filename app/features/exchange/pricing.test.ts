import { describe, expect, it } from "vitest";
import { lineTotalCents, orderTotal } from "./pricing";

const order = (state: "requested" | "accepted" | "completed", weightKg: number | null) => ({
  state,
  quantity: 500,
  unitPriceCents: 50,
  weightKg,
});

describe("an order's total", () => {
  it("bills a kg listing on the weight confirmed at completion", () => {
    expect(orderTotal(order("completed", 486), "kg")).toEqual({ totalCents: 24300, isEstimate: false });
  });

  it("shows the requested quantity's total as an estimate before completion", () => {
    expect(orderTotal(order("accepted", null), "kg")).toEqual({ totalCents: 25000, isEstimate: true });
    expect(orderTotal(order("requested", null), "t")).toEqual({ totalCents: 25000, isEstimate: true });
  });

  it("bills a tonne listing on the weight in tonnes", () => {
    const tonnes = { state: "completed" as const, quantity: 2, unitPriceCents: 8000, weightKg: 1950 };
    expect(orderTotal(tonnes, "t")).toEqual({ totalCents: 15600, isEstimate: false });
  });

  it("bills pieces on the quantity, whatever they weighed", () => {
    expect(orderTotal({ state: "completed", quantity: 3, unitPriceCents: 1250, weightKg: 40 }, "piece")).toEqual({
      totalCents: 3750,
      isEstimate: false,
    });
  });

  it("rounds a line's total to whole cents", () => {
    expect(lineTotalCents(0.333, 100)).toBe(33);
  });
});
