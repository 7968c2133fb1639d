import { kgNumber } from "~/features/impact/format";

/**
 * An impact badge drawn as SVG, for other sites to embed with an <img>: an image with a role, a
 * title and a description (what a screen reader says), its words in text elements (not paths, so
 * they stay words), no script and nothing fetched from elsewhere, the font a generic family so it
 * renders wherever it is shown. Plain text in, escaped here, so a name can never become markup.
 */

export const BADGE_THEMES = ["light", "dark"] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

/** `?theme=dark` draws the dark badge; anything else, or nothing, the light one. */
export const badgeThemeOf = (value: string | null): BadgeTheme => (value === "dark" ? "dark" : "light");

export type BadgeContent = {
  /** The site's name, as its admins set it: the badge's heading starts with it. */
  site: string;
  /** Whose figures: a member's name, an event's title, "the platform". */
  subject: string;
  /** Null when there is nothing to show yet (an event without results): `pending` says why. */
  figures: { weight_kg: number; co2e_kg: number } | null;
  pending?: string;
  /** The factor table the CO2e was worked out with. */
  factorTable: string;
};

export const BADGE_WIDTH = 360;
export const BADGE_HEIGHT = 96;
/** Where the lines start, and the margin they keep from the right edge. */
const MARGIN = 16;
const HEADING_SIZE = 15;
const MAX_SOURCE = 56;

/**
 * How wide a character may be in the heading's bold type, in ems, rounded up from the widest of
 * the fonts system-ui and sans-serif find (DejaVu Sans Bold, where it is the default, is wider
 * than Arial, Helvetica, Segoe UI or San Francisco): narrow letters and marks, a few half-width
 * ones, capitals, the widest (M, W, m, w, %, @), every other ASCII character (lowercase, digits)
 * at the width of the widest of them. A character outside ASCII is measured as its letter without
 * accents, or, with none (Cyrillic, CJK, emoji), as wider than any of these.
 */
const EM_WIDTHS: [string, number][] = [
  [" ',.:;Iijl|/\\", 0.4],
  ["!()[]frt-`", 0.5],
  ["ABCDEFGHKLNOPQRSTUVXYZ#&+<=>^~", 0.88],
  ["MWmw%@", 1.12],
];
const OTHER_ASCII = 0.75;
const OTHER_CHARACTER = 1.3;

function emWidth(character: string): number {
  if (/\p{M}/u.test(character)) return 0;
  const base = character.normalize("NFD").replace(/\p{M}/gu, "");
  if (!base || base.length > 1 || base.charCodeAt(0) > 0x7e) {
    if (character === "…") return 1;
    if (character === "·") return 0.4;
    return OTHER_CHARACTER;
  }
  return EM_WIDTHS.find(([characters]) => characters.includes(base))?.[1] ?? OTHER_ASCII;
}

/** The most a text may measure at `size` px in the badge's bold type: each character at its widest. */
export function widestTextWidth(text: string, size: number) {
  return [...text].reduce((total, character) => total + emWidth(character), 0) * size;
}

/** The text as it fits `width` px at `size`: whole, or its start and an ellipsis. */
function fitted(text: string, width: number, size: number) {
  if (widestTextWidth(text, size) <= width) return text;
  const room = width - widestTextWidth("…", size);
  let kept = "";
  // Summed in ems as widestTextWidth sums them, so the kept start measures exactly what it does there.
  let keptEms = 0;
  for (const character of text) {
    keptEms += emWidth(character);
    if (keptEms * size > room) break;
    kept += character;
  }
  return `${kept.trimEnd()}…`;
}

const COLOURS = {
  light: { background: "#ffffff", border: "#cbd5e1", heading: "#0f172a", figures: "#065f46", source: "#475569" },
  dark: { background: "#0f172a", border: "#334155", heading: "#f8fafc", figures: "#6ee7b7", source: "#cbd5e1" },
} as const satisfies Record<BadgeTheme, Record<string, string>>;

/** Text for an SVG's text and attributes: the five characters XML gives meaning to, escaped. */
export function escapeXml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

// Characters XML 1.0 does not allow at all (most C0 controls), which no escaping can carry.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function shortened(text: string, max: number) {
  const clean = text.replace(NOT_XML, "").replace(/\s+/g, " ").trim();
  const characters = [...clean];
  return characters.length <= max
    ? clean
    : `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The heading, "<site> · <subject>", fitted to the badge's width at its size, each character
 * counted at its widest so that no font draws it past the edge: a long subject keeps at least half
 * the line and ends in an ellipsis; a long site name is shortened too, to what the subject leaves.
 */
function headingOf(site: string, subject: string) {
  const width = BADGE_WIDTH - 2 * MARGIN;
  const separator = " · ";
  const room = width - widestTextWidth(separator, HEADING_SIZE);
  const subjectShare = Math.min(widestTextWidth(subject, HEADING_SIZE), room / 2);
  const siteShown = fitted(site, room - subjectShare, HEADING_SIZE);
  return `${siteShown}${separator}${fitted(subject, room - widestTextWidth(siteShown, HEADING_SIZE), HEADING_SIZE)}`;
}

/** The badge's words: its heading, its figures line and its source line, and the sentence a screen reader reads. */
export function badgeWords(content: BadgeContent) {
  const site = shortened(content.site, 200);
  const heading = headingOf(site, shortened(content.subject, 200));
  const figures = content.figures
    ? `${kgNumber(content.figures.weight_kg)} kg diverted · ${kgNumber(content.figures.co2e_kg)} kg CO2e avoided`
    : (content.pending ?? "No figures yet");
  const source = `CO2e: ${shortened(content.factorTable, MAX_SOURCE)}`;
  const title = content.figures
    ? `${site} impact of ${shortened(content.subject, 200)}: ${kgNumber(content.figures.weight_kg)} kg of waste diverted and ${kgNumber(content.figures.co2e_kg)} kg CO2e avoided`
    : `${site} impact of ${shortened(content.subject, 200)}: ${content.pending ?? "no figures yet"}`;
  return { heading, figures, source, title, description: `CO2e worked out with the ${shortened(content.factorTable, 200)}.` };
}

export function badgeSvg(content: BadgeContent, theme: BadgeTheme): string {
  const words = badgeWords(content);
  const colour = COLOURS[theme];
  const text = (y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${MARGIN}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-labelledby="badge-title badge-desc">`,
    `<title id="badge-title">${escapeXml(words.title)}</title>`,
    `<desc id="badge-desc">${escapeXml(words.description)}</desc>`,
    `<rect x="0.5" y="0.5" width="${BADGE_WIDTH - 1}" height="${BADGE_HEIGHT - 1}" rx="10" fill="${colour.background}" stroke="${colour.border}"/>`,
    `<g font-family="system-ui, sans-serif" aria-hidden="true">`,
    text(30, HEADING_SIZE, 700, colour.heading, words.heading),
    text(56, 14, 600, colour.figures, words.figures),
    text(80, 11, 400, colour.source, words.source),
    `</g>`,
    `</svg>`,
  ].join("\n");
}
