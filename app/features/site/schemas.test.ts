import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./schemas";

describe("siteSettingsSchema", () => {
  it("refuses a counter's value out of range, too large for a safe integer, or not whole, saying what it takes", () => {
    for (const value of [-1, 1.5, 1e13, 1e20, Number.NaN]) {
      const parsed = siteSettingsSchema.safeParse({
        name: "Tyne Loop",
        landing: { counters: [{ label: "Tonnes", source: "fixed", value }] },
      });
      expect(parsed.success, String(value)).toBe(false);
      expect(parsed.error!.issues[0]!.message, String(value)).toBe(
        "A counter's value is a whole number from 0 to 1,000,000,000,000",
      );
    }
  });
});
