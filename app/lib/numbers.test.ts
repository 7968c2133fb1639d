import { describe, expect, it } from "vitest";
import { DECIMAL_COMMA_MESSAGE, moneyToCents, numberField, readNumberText } from "~/lib/numbers";
import { z } from "~/lib/zod";

const value = (text: string) => readNumberText(text);

describe("a number as people type it", () => {
  it("reads plain numbers and a decimal point", () => {
    expect(value("1250")).toEqual({ kind: "number", value: 1250 });
    expect(value(" 0.25 ")).toEqual({ kind: "number", value: 0.25 });
    expect(value("-40")).toEqual({ kind: "number", value: -40 });
    expect(value("")).toEqual({ kind: "empty" });
  });

  it("takes thousands grouped in threes by a comma, a space, a no-break or a narrow no-break space", () => {
    for (const separator of [",", " ", "\u00a0", "\u202f"]) {
      expect(value(`1${separator}250`)).toEqual({ kind: "number", value: 1250 });
      expect(value(`1${separator}250${separator}000.5`)).toEqual({ kind: "number", value: 1_250_000.5 });
      expect(value(`-12${separator}345.678`)).toEqual({ kind: "number", value: -12_345.678 });
    }
  });

  it("refuses groups that are not threes, mixed separators and what is not a number", () => {
    for (const text of ["1,25,000", "12,3456,789", "1,250 000", ",250", "1,250,", "1e3", "0x10", "12 kg", "1..5", "Infinity"]) {
      expect(value(text).kind, text).not.toBe("number");
    }
    expect(value("1".repeat(40)).kind).toBe("not-a-number");
  });

  it("calls a comma where a point belongs a decimal comma, not a thousands separator", () => {
    for (const text of ["1,5", "0,25", "12,50", "1.250,5", "1 250,5", "1,2345"])
      expect(value(text), text).toEqual({ kind: "decimal-comma" });
  });
});

describe("a number field", () => {
  const weight = z.object({ weight_kg: numberField("Give the weight in kg as a number") });

  it("reads form text and JSON numbers alike", () => {
    expect(weight.parse({ weight_kg: "1,250.5" })).toEqual({ weight_kg: 1250.5 });
    expect(weight.parse({ weight_kg: "1 250" })).toEqual({ weight_kg: 1250 });
    expect(weight.parse({ weight_kg: 1250.5 })).toEqual({ weight_kg: 1250.5 });
  });

  it("says to use a point for an ambiguous 1,5 and gives its own message otherwise", () => {
    expect(weight.safeParse({ weight_kg: "1,5" }).error?.issues.map((issue) => issue.message)).toEqual([DECIMAL_COMMA_MESSAGE]);
    expect(DECIMAL_COMMA_MESSAGE).toMatch(/point/);
    expect(weight.safeParse({ weight_kg: "lots" }).error?.issues[0]?.message).toBe("Give the weight in kg as a number");
  });
});

describe("money as a price field sends it", () => {
  it("is whole cents, with thousands separators allowed and at most two decimals", () => {
    expect(moneyToCents("1,250.50")).toBe(125_050);
    expect(moneyToCents("1 250")).toBe(125_000);
    expect(moneyToCents("0.1")).toBe(10);
    for (const text of ["12.505", "-1", "1,5", "1000000000", "1e3"]) expect(moneyToCents(text), text).toBeNaN();
  });
});
