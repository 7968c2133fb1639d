import { z } from "~/lib/zod";

/**
 * Numbers as people type them into a form's text field. A point is the decimal mark; thousands may
 * be grouped in threes with a comma, a space, a no-break space or a narrow no-break space (one kind
 * per number): "1250.5", "1,250.5" and "1 250.5" are the same number. A comma that cannot be a
 * thousands separator ("1,5", "1.250,5") is refused with its own message rather than guessed at,
 * since half the world writes 1,5 for one and a half. JSON clients send numbers, which pass as they are.
 */

/** The longest text read as a number: longer is not a number any form or client sends. */
export const MAX_NUMBER_TEXT = 32;

/** The hint number fields show, so members know which mark is which. */
export const DECIMAL_POINT_HINT = "Use a point for decimals: 1,250.5";

export const DECIMAL_COMMA_MESSAGE = "Use a point for decimals, like 1.5 (a comma only groups thousands, like 1,250)";

export type NumberText =
  { kind: "number"; value: number } | { kind: "empty" } | { kind: "decimal-comma" } | { kind: "not-a-number" };

const GROUPED = /^(-?)(\d{1,3}(?:([, \u00a0\u202f])\d{3})(?:\3\d{3})*)(\.\d+)?$/;
const DIGITS_AND_MARKS = /^-?[\d., \u00a0\u202f]+$/;
const PLAIN = /^-?\d+(\.\d+)?$/;

/** Reads a number field's text: a number, nothing, a decimal comma (refused with its message) or not a number. */
export function readNumberText(value: string): NumberText {
  const text = value.trim();
  if (text === "") return { kind: "empty" };
  if (text.length > MAX_NUMBER_TEXT) return { kind: "not-a-number" };
  if (PLAIN.test(text)) return { kind: "number", value: Number(text) };
  const grouped = GROUPED.exec(text);
  if (grouped) {
    const [, sign, digits, separator, fraction = ""] = grouped;
    return { kind: "number", value: Number(`${sign}${digits!.split(separator!).join("")}${fraction}`) };
  }
  // "1,5", "0,25", "1.250,5", "1 250,5": a comma where a point belongs.
  if (DIGITS_AND_MARKS.test(text) && (/\d,\d{1,2}$|\d,\d{4,}$/.test(text) || /\..*,/.test(text)))
    return { kind: "decimal-comma" };
  return { kind: "not-a-number" };
}

/**
 * For a zod preprocess: text becomes its number (NaN when it is none, for the field's own message),
 * "" becomes absent; anything else (a JSON number, null) passes as it is. A decimal comma is
 * reported through `refuse` with DECIMAL_COMMA_MESSAGE.
 */
export function readNumber(value: unknown, refuse?: (message: string) => void): unknown {
  if (typeof value !== "string") return value;
  const read = readNumberText(value);
  if (read.kind === "empty") return undefined;
  if (read.kind === "number") return read.value;
  if (read.kind === "decimal-comma") refuse?.(DECIMAL_COMMA_MESSAGE);
  return Number.NaN;
}

/**
 * A number field read from a form's text or a JSON number; `message` is its refusal when it is
 * none (a decimal comma is refused with DECIMAL_COMMA_MESSAGE instead).
 */
export const numberField = (message: string) =>
  z.preprocess(
    (value, context) => readNumber(value, (refusal) => context.issues.push({ code: "custom", message: refusal, input: value })),
    z.number({ error: message }),
  );

/**
 * "1,250.50" in a currency's units, as a price or amount field sends it, in whole cents: at least
 * zero, below a billion, at most two decimals; NaN when it is not such a sum.
 */
export function moneyToCents(text: string) {
  const read = readNumberText(text);
  const fraction = /\.(\d*)$/.exec(text.trim())?.[1] ?? "";
  if (read.kind !== "number" || text.trim().startsWith("-") || read.value >= 1e9 || fraction.length > 2) return Number.NaN;
  return Math.round(read.value * 100);
}

/** A refusal for text that is not the number a field wants: the decimal-comma message when that is why, else `message`. */
export const numberRefusal = (text: string, message: string) =>
  readNumberText(text).kind === "decimal-comma" ? DECIMAL_COMMA_MESSAGE : message;
