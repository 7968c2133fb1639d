import { describe, expect, it } from "vitest";
import {
  brandCss,
  brandShades,
  contrastRatio,
  DARK_BACKGROUND,
  LIGHT_BACKGROUND,
  MIN_TEXT_CONTRAST,
  relativeLuminance,
  type BrandShades,
} from "./brand-colour";

/** The pairs the pages set on the brand: [text, background] of each theme. */
const PAIRS = (shades: BrandShades) => [
  ["white on 600 (buttons)", LIGHT_BACKGROUND, shades.light[600]],
  ["700 on 50 (the active tab)", shades.light[700], shades.light[50]],
  ["100 on 900 (the figures band)", shades.light[100], shades.light[900]],
  ["dark: page colour on 600 (buttons)", DARK_BACKGROUND, shades.dark[600]],
  ["dark: 600 on the page (links)", shades.dark[600], DARK_BACKGROUND],
  ["dark: 700 on 50", shades.dark[700], shades.dark[50]],
];

describe("WCAG contrast", () => {
  it("follows the relative luminance formula: black 0, white 1, 21:1 between them", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    // Known values: #777777 on white is 4.48:1, just below the bar; #767676 is 4.54:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });
});

describe("brand shades", () => {
  it("refuses a colour white text cannot be read on, naming its ratio and a darker shade that passes", () => {
    const check = brandShades("#34d399");
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toMatch(/#34d399 against white has a contrast of 1\.\d\d:1; text needs 4\.5:1/);
    expect(contrastRatio(check.suggestion, "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(brandShades(check.suggestion).ok).toBe(true);
    expect(brandShades("#777777").ok).toBe(false);
    expect(brandShades("#767676").ok).toBe(true);
  });

  it("keeps the colour as the light theme's 600 and every pair the pages use at 4.5:1, for any accepted colour", () => {
    const colours = ["#047857", "#1d4ed8", "#b91c1c", "#6d28d9", "#000000", "#767676", "#0e7490", "#a21caf", "#92400e"];
    for (let value = 0; value < 0xffffff; value += 0x0b3a17) colours.push(`#${value.toString(16).padStart(6, "0")}`);
    let accepted = 0;
    for (const colour of colours) {
      const check = brandShades(colour);
      if (!check.ok) continue;
      accepted += 1;
      expect(check.shades.light[600]).toBe(colour);
      for (const [what, text, background] of PAIRS(check.shades)) {
        expect(contrastRatio(text!, background!), `${colour}: ${what}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
    expect(accepted).toBeGreaterThan(15);
  });

  it("writes the palette as CSS variables with both themes", () => {
    const check = brandShades("#1d4ed8");
    if (!check.ok) throw new Error(check.message);
    expect(brandCss(check.shades)).toContain("--color-brand-600:light-dark(#1d4ed8,");
  });
});
