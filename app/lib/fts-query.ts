/**
 * Free text as an FTS5 query: words (letters and digits) only, each as a quoted prefix term,
 * all required. Operators, quotes and column filters typed by a member are never FTS syntax.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}
