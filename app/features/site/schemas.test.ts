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

  it("takes the name and the other lines on one line, without control or invisible characters; paragraphs may break", () => {
    const refusal = (input: Record<string, unknown>) =>
      siteSettingsSchema.safeParse({ name: "Tyne Loop", ...input }).error?.issues[0]?.message;
    for (const name of ["Evil\r\nBcc: x@evil.org", "Evil\u0000", "\u202eEvil", "Ev\u200bil"])
      expect(refusal({ name }), JSON.stringify(name)).toBe(
        "The name must be on one line, without control or invisible characters",
      );
    expect(refusal({ tagline: "one\ntwo" })).toBe("The tagline must be on one line, without control or invisible characters");
    expect(refusal({ about: "Run by us.\n\nSince 2020." })).toBeUndefined();
    expect(refusal({ mail_footer: "CIC\u0007" })).toBe("The mail footer must not contain control characters");
  });
});
