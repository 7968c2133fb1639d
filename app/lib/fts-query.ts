/** The words (letters and digits) of free text, at most 8, as the search reads them. */
export function ftsWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
}

/**
 * Free text as an FTS5 query: words (letters and digits) only, each as a quoted prefix term,
 * all required. Operators, quotes and column filters typed by a member are never FTS syntax.
 */
export function toFtsQuery(text: string): string | null {
  const words = ftsWords(text);
  return words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}
