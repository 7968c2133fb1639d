import { statement } from "~/services/database/db.server";
import { ftsWords, toFtsQuery } from "~/lib/fts-query";

/** The full-text indexes with a spelling index: their source in search_words (db/migrations/0029_search.sql). */
const SOURCE_OF = { posts_fts: "posts", listings_fts: "listings" } as const;
export type SearchIndex = keyof typeof SOURCE_OF;

/** Shorter words are never corrected: too many short words lie one letter apart. */
export const MIN_CORRECTED_LENGTH = 4;
/** At most this many corrections of one word join the query. */
const MAX_CORRECTIONS = 5;
/** Edit distance allowed: 1, or 2 for words of 8 letters and more. */
export const allowedDistance = (length: number) => (length >= 8 ? 2 : 1);

/**
 * Levenshtein distance between a and b, or max + 1 as soon as it must exceed max (each row's
 * smallest value only grows).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** The upper bound of a term range: every term starting with prefix sorts below it. */
const pastPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * The indexed words close to `word` (lowercase), closest first, or none when some indexed word
 * starts with it (then the prefix query already finds it). Candidates share the word's first
 * letter and lie within the allowed length, read as a range of search_words' primary key.
 */
async function correctionsOf(index: SearchIndex, word: string): Promise<string[]> {
  const source = SOURCE_OF[index];
  const known = await statement("SELECT 1 FROM search_words WHERE source = ? AND word >= ? AND word < ? LIMIT 1").get(
    source,
    word,
    pastPrefix(word),
  );
  if (known) return [];
  const max = allowedDistance(word.length);
  const candidates = (await statement(
    "SELECT word FROM search_words WHERE source = ? AND word >= ? AND word < ? AND length(word) BETWEEN ? AND ?",
  ).column(source, word[0], pastPrefix(word[0]), word.length - max, word.length + max)) as string[];
  return candidates
    .map((term) => ({ term, distance: editDistance(word, term, max) }))
    .filter((candidate) => candidate.distance <= max)
    .sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term))
    .slice(0, MAX_CORRECTIONS)
    .map((candidate) => candidate.term);
}

/**
 * toFtsQuery with typo tolerance: each word of MIN_CORRECTED_LENGTH letters or more that no
 * indexed word starts with is also matched by the indexed words within allowedDistance of it
 * (`cardbord` finds cardboard). Returns null for a query of no words, as toFtsQuery does.
 */
export async function typoTolerantFtsQuery(text: string, index: SearchIndex): Promise<string | null> {
  const words = ftsWords(text);
  if (!words.length) return null;
  const terms: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    const corrections = [...lower].length >= MIN_CORRECTED_LENGTH ? await correctionsOf(index, lower) : [];
    const exact = toFtsQuery(word) as string;
    terms.push(corrections.length ? `(${[exact, ...corrections.map((term) => `"${term}"`)].join(" OR ")})` : exact);
  }
  // An explicit AND: FTS5 refuses an implicit one after a group in parentheses.
  return terms.join(" AND ");
}
