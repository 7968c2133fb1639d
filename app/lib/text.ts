import { z } from "~/lib/zod";

/**
 * Characters no text a member writes may hold: C0 controls other than tab and line breaks, DEL,
 * C1 controls, and the bidirectional embeddings, overrides and isolates, which make a text read
 * one way on a page and another in a log, a CSV or a mail (a moderator's queue shows what a
 * reporter wrote; a member's mail shows what a moderator wrote). Whether a line break is allowed
 * is each field's own rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const hasHiddenControls = (text: string) => HIDDEN_CONTROLS.test(text);

export const HIDDEN_CONTROLS_MESSAGE = "Remove the control characters from the text.";

/**
 * Characters that take no room on the page (Unicode's default-ignorable code points): zero-width
 * spaces and joiners, direction marks, the word joiner, Hangul fillers, tag characters, the
 * byte-order mark. In one line that names something they make a name that looks blank, or two
 * that look the same and differ. Variation selectors are left out: they choose the form of the
 * character before them (an emoji's colour form) and hide nothing.
 */
const INVISIBLE = /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;

export const hasInvisibleCharacters = (text: string) => INVISIBLE.test(text);

/** Tabs and line breaks, which text of several lines keeps and one line refuses. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/;

export const isOneLine = (text: string) => !LINE_BREAKS.test(text);

/** One line without control or direction-override characters: a line a document prints (a place). */
export const isPlainLine = (text: string) => isOneLine(text) && !hasHiddenControls(text);

/** A plain line without invisible characters either: a line that names something (a business, a site, a search). */
export const isNameLine = (text: string) => isPlainLine(text) && !hasInvisibleCharacters(text);

/**
 * The check a field's text passes and the message that refuses it, for a zod `refine`: a line
 * that names something (isNameLine), or paragraphs, which may break but hold no control
 * characters (scripts that join letters with invisible ones still write them). `label` begins
 * the message, the field as the form names it.
 */
export function textRule(label: string, lines: "one" | "several"): [check: (text: string) => boolean, message: string] {
  return lines === "one"
    ? [isNameLine, `${label} must be on one line, without control or invisible characters`]
    : [(text) => !hasHiddenControls(text), `${label} must not contain control characters`];
}

/**
 * A line of text that names something (a member's name): trimmed, in NFC (an "é" typed as one
 * character and one typed as "e" and an accent are the same name), at most `max` characters, on
 * one line, without control, direction-override or invisible characters. Each message begins
 * with `label`, the field's name as the form shows it.
 */
export function oneLineText(label: string, max: number) {
  const required = `${label} is required`;
  return (
    z
      .string({ error: required })
      .trim()
      .normalize("NFC")
      .min(1, required)
      // Longer stops here: the checks below need not read it.
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
      .refine(isOneLine, `${label} must be on one line`)
      .refine(
        (text) => !hasHiddenControls(text) && !hasInvisibleCharacters(text),
        `${label} must not contain control or invisible characters (such as zero-width spaces or direction marks)`,
      )
  );
}
