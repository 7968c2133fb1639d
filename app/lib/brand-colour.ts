/**
 * An operator's brand colour and the shades the pages use, with WCAG 2's contrast rule: text and
 * fills must reach 4.5:1 against what they sit on (white in light mode, the dark page in dark mode).
 *
 * The colour given is the light theme's 600 (buttons with white text, links on white) and is used
 * as it is: a colour too light for white text is refused rather than silently changed, with a
 * darker one of the same hue offered. The dark theme needs a light shade on the dark page: it is
 * mixed from the colour towards white until it reaches 4.5:1, which every colour can.
 */

export const MIN_TEXT_CONTRAST = 4.5;

/** The light theme's white and the dark theme's page (slate-900), as the palette in app.css gives them. */
export const LIGHT_BACKGROUND = "#ffffff";
export const DARK_BACKGROUND = "#0f172a";

type Rgb = [number, number, number];

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

export const isHexColour = (value: string) => HEX_COLOUR.test(value.toLowerCase());

function rgb(hex: string): Rgb {
  const value = hex.toLowerCase();
  return [1, 3, 5].map((at) => parseInt(value.slice(at, at + 2), 16)) as Rgb;
}

const hex = (colour: Rgb) => `#${colour.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2's relative luminance of an sRGB colour. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` of `towards` mixed into `colour`, in sRGB (0: the colour, 1: `towards`). */
export function mix(colour: string, towards: string, weight: number): string {
  const from = rgb(colour);
  const to = rgb(towards);
  return hex(from.map((c, i) => c + (to[i]! - c) * weight) as Rgb);
}

/** The least mix towards `towards` (in steps of 1 %) that reaches `ratio` against `background`, or null. */
function firstReaching(colour: string, towards: string, background: string, ratio: number): string | null {
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mix(colour, towards, step / 100);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return null;
}

export type BrandShades = { light: Record<ShadeStep, string>; dark: Record<ShadeStep, string> };
export const SHADE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type ShadeStep = (typeof SHADE_STEPS)[number];

export type BrandCheck = { ok: true; shades: BrandShades } | { ok: false; message: string; suggestion: string };

/**
 * The shades of `colour`, or why it cannot be the brand: white text on it (and it as text on
 * white) must reach 4.5:1.
 */
export function brandShades(colour: string): BrandCheck {
  const base = colour.toLowerCase();
  const onWhite = contrastRatio(base, LIGHT_BACKGROUND);
  if (onWhite < MIN_TEXT_CONTRAST) {
    const suggestion = firstReaching(base, "#000000", LIGHT_BACKGROUND, MIN_TEXT_CONTRAST)!;
    return {
      ok: false,
      suggestion,
      message: `${base} against white has a contrast of ${onWhite.toFixed(2)}:1; text needs ${MIN_TEXT_CONTRAST}:1. A darker shade of the same hue, such as ${suggestion}, reaches it.`,
    };
  }
  const white = LIGHT_BACKGROUND;
  const black = "#000000";
  // Light: tints towards white above 600, shades towards black below it.
  const light: Record<ShadeStep, string> = {
    50: mix(base, white, 0.94),
    100: mix(base, white, 0.86),
    200: mix(base, white, 0.72),
    300: mix(base, white, 0.52),
    400: mix(base, white, 0.3),
    500: mix(base, white, 0.12),
    600: base,
    700: mix(base, black, 0.16),
    800: mix(base, black, 0.3),
    900: mix(base, black, 0.5),
  };
  // Dark: the scale turns over, as app.css's does: a light shade that reaches 4.5:1 on the dark
  // page is the 400–600 (dark text on it reads too), lighter ones above, dark tints below.
  const bright = firstReaching(base, white, DARK_BACKGROUND, MIN_TEXT_CONTRAST)!;
  const dark: Record<ShadeStep, string> = {
    50: mix(base, DARK_BACKGROUND, 0.78),
    100: mix(base, DARK_BACKGROUND, 0.64),
    200: mix(base, DARK_BACKGROUND, 0.52),
    300: mix(base, DARK_BACKGROUND, 0.36),
    400: bright,
    500: bright,
    600: bright,
    700: mix(bright, white, 0.3),
    800: mix(bright, white, 0.55),
    900: mix(bright, white, 0.8),
  };
  return { ok: true, shades: { light, dark } };
}

/** The CSS that puts the shades in place of the shipped brand palette (app.css's --color-brand-*). */
export function brandCss(shades: BrandShades): string {
  const lines = SHADE_STEPS.map((step) => `--color-brand-${step}:light-dark(${shades.light[step]},${shades.dark[step]});`);
  return `:root{${lines.join("")}}`;
}
