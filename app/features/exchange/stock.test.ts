import { describe, expect, it } from "vitest";
import { checkOrderQuantity, formatQuantity, hasAtMostThreeDecimals, release, reserve, stockChange, weightOf } from "./stock";
import { ORDER_STATES } from "./vocabulary";

describe("checkOrderQuantity", () => {
  const pieces = { unit: "piece" as const, quantityLeft: 3 };
  const tonnes = { unit: "t" as const, quantityLeft: 2.5 };

  it("takes whole pieces from 1 up to what is left", () => {
    for (const quantity of [1, 2, 3]) expect(checkOrderQuantity(quantity, pieces)).toEqual({ ok: true });
  });

  it("refuses fewer than one piece, parts of a piece and not-a-number as invalid", () => {
    expect(checkOrderQuantity(0, pieces)).toEqual({ ok: false, reason: "invalid", message: "Choose at least 1 piece." });
    expect(checkOrderQuantity(-2, pieces)).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkOrderQuantity(1.5, pieces)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Choose a whole number of pieces.",
    });
    for (const quantity of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(checkOrderQuantity(quantity, pieces)).toEqual({ ok: false, reason: "invalid", message: "Choose a quantity." });
    }
  });

  it("refuses more than is left as a conflict that says how much is left", () => {
    expect(checkOrderQuantity(4, pieces)).toEqual({ ok: false, reason: "conflict", message: "Only 3 pieces left." });
    expect(checkOrderQuantity(2, { unit: "piece", quantityLeft: 1 })).toMatchObject({ message: "Only 1 piece left." });
    expect(checkOrderQuantity(1, { unit: "piece", quantityLeft: 0 })).toEqual({
      ok: false,
      reason: "conflict",
      message: "Nothing is left of this listing.",
    });
    expect(checkOrderQuantity(2.501, tonnes)).toEqual({ ok: false, reason: "conflict", message: "Only 2.5 t left." });
  });

  it("takes kg and t to three decimals, above zero, up to exactly what is left", () => {
    expect(checkOrderQuantity(0.001, tonnes)).toEqual({ ok: true });
    expect(checkOrderQuantity(2.5, tonnes)).toEqual({ ok: true });
    expect(checkOrderQuantity(0.3, { unit: "kg", quantityLeft: 0.1 + 0.2 })).toEqual({ ok: true });
    expect(checkOrderQuantity(0, tonnes)).toEqual({ ok: false, reason: "invalid", message: "Choose a quantity above 0 t." });
    expect(checkOrderQuantity(0.0005, tonnes)).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkOrderQuantity(1.2345, tonnes)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Give the quantity with at most three decimals.",
    });
  });
});

describe("reserving and releasing", () => {
  it("takes the quantity on accept and never goes below zero", () => {
    expect(reserve({ unit: "piece", quantityLeft: 5 }, 2)).toEqual({ ok: true, quantityLeft: 3 });
    expect(reserve({ unit: "piece", quantityLeft: 2 }, 2)).toEqual({ ok: true, quantityLeft: 0 });
    expect(reserve({ unit: "piece", quantityLeft: 1 }, 2)).toEqual({
      ok: false,
      reason: "conflict",
      message: "Only 1 piece left.",
    });
    expect(reserve({ unit: "piece", quantityLeft: 0 }, 1)).toMatchObject({ ok: false, reason: "conflict" });
    expect(reserve({ unit: "piece", quantityLeft: 3 }, 0)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("works decimals out exactly: 0.3 t less 0.1 t twice leaves 0.1 t, then nothing", () => {
    let left = 0.3;
    for (const expected of [0.2, 0.1, 0]) {
      const outcome = reserve({ unit: "t", quantityLeft: left }, 0.1);
      expect(outcome).toEqual({ ok: true, quantityLeft: expected });
      if (outcome.ok) left = outcome.quantityLeft;
    }
    expect(reserve({ unit: "t", quantityLeft: left }, 0.001)).toMatchObject({
      ok: false,
      message: "Nothing is left of this listing.",
    });
  });

  it("returns a cancelled order's quantity, never above the listing's whole quantity", () => {
    expect(release({ quantity: 10, quantityLeft: 3 }, 2)).toBe(5);
    expect(release({ quantity: 0.3, quantityLeft: 0.1 }, 0.2)).toBe(0.3);
    expect(release({ quantity: 10, quantityLeft: 9 }, 5)).toBe(10);
  });
});

describe("stockChange", () => {
  it("reserves on accept, returns on cancel after accept, and changes nothing otherwise", () => {
    expect(stockChange("requested", "accepted", 4)).toBe(-4);
    expect(stockChange("accepted", "cancelled", 4)).toBe(4);
    // A request declined or withdrawn held nothing; a completed order keeps what it took.
    expect(stockChange("requested", "declined", 4)).toBe(0);
    expect(stockChange("requested", "cancelled", 4)).toBe(0);
    expect(stockChange("accepted", "completed", 4)).toBe(0);
    expect(stockChange("accepted", "accepted", 4)).toBe(0);
    const moves = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => stockChange(from, to, 1)));
    expect(moves.filter((change) => change !== 0)).toEqual([-1, 1]);
  });
});

describe("quantities as members read them", () => {
  it("writes the unit with the number", () => {
    expect(formatQuantity(1, "piece")).toBe("1 piece");
    expect(formatQuantity(3, "piece")).toBe("3 pieces");
    expect(formatQuantity(250, "kg")).toBe("250 kg");
    expect(formatQuantity(1.125, "t")).toBe("1.125 t");
    expect(formatQuantity(12500, "kg")).toBe("12,500 kg");
  });

  it("knows three decimals from more", () => {
    expect([1, 1.5, 0.001, 2.125, 0.1 + 0.2].map(hasAtMostThreeDecimals)).toEqual([true, true, true, true, true]);
    expect([0.0001, 1.2345, Math.PI].map(hasAtMostThreeDecimals)).toEqual([false, false, false]);
    expect([0, 1.005, 123456.789, 999999999.999].map(hasAtMostThreeDecimals)).toEqual([true, true, true, true]);
  });

  it("takes no number near zero for a gram", () => {
    expect([1e-320, 1e-10, 0.0009999999999, 0.0010000000001].map(hasAtMostThreeDecimals)).toEqual([false, false, false, false]);
    expect(checkOrderQuantity(1e-320, { unit: "kg", quantityLeft: 5 })).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("weighs what changed hands when nobody weighed it", () => {
    expect(weightOf(3, "piece", 12.5)).toBe(37.5);
    expect(weightOf(3, "piece", null)).toBeNull();
    expect(weightOf(250, "kg", null)).toBe(250);
    expect(weightOf(2.5, "t", null)).toBe(2500);
    expect(weightOf(0.001, "t", null)).toBe(1);
  });
});
