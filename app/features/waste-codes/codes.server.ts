import listOfWaste from "~/content/waste/ewc-codes.csv?raw";
import { readCsv } from "~/lib/csv";
import { WASTE_CODES_PER_PAGE, wasteCodeQuerySchema, type WasteCode, type WasteCodeQuery } from "./schemas";

type IndexedCode = { code: WasteCode; words: string[] };

let indexed: IndexedCode[] | undefined;

/** Lower-case words of letters and digits, for matching by the start of a word. */
function wordsOf(text: string) {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The List of Waste, read once per process on first use (842 rows, well under a megabyte): fixed
 * reference data shipped with the build, so no table and no query.
 */
function wasteCodes(): IndexedCode[] {
  indexed ??= readCsv(listOfWaste).map((row) => {
    const code: WasteCode = {
      code: row.code!,
      display_code: row.display_code!,
      description: row.description!,
      hazardous: row.hazardous === "true",
      mirror: row.requires_mirror_assessment === "true",
      chapter: row.chapter_code!,
      chapter_title: row.chapter_title!,
    };
    return { code, words: wordsOf(`${row.description} ${row.subchapter_title} ${row.chapter_title}`) };
  });
  return indexed;
}

/** Digits alone (spaces and a trailing * ignored) are a code prefix; anything else is words. */
function codePrefix(search: string) {
  const compact = search.replace(/[\s*]/g, "");
  return /^\d{1,6}$/.test(compact) ? compact : undefined;
}

function matcher(search: string | undefined): (entry: IndexedCode) => boolean {
  const text = search?.trim() ?? "";
  const prefix = codePrefix(text);
  if (prefix) return (entry) => entry.code.code.startsWith(prefix);
  const wanted = wordsOf(text);
  // Every word must start a word of the description, sub-chapter or chapter title ("oil" finds
  // "oils" but not "soil").
  return (entry) => wanted.every((word) => entry.words.some((own) => own.startsWith(word)));
}

/** The codes a search finds, in code order, a page at a time with the total. */
export function searchWasteCodes(query: WasteCodeQuery) {
  const matches = matcher(query.search);
  const found = wasteCodes().filter(
    (entry) => (query.hazardous === undefined || entry.code.hazardous === query.hazardous) && matches(entry),
  );
  const start = (query.page - 1) * WASTE_CODES_PER_PAGE;
  return {
    codes: found.slice(start, start + WASTE_CODES_PER_PAGE).map((entry) => entry.code),
    pagination: {
      page: query.page,
      limit: WASTE_CODES_PER_PAGE,
      hasMore: start + WASTE_CODES_PER_PAGE < found.length,
      total: found.length,
    },
  };
}

/** One code by its six digits (spaces and * ignored), or undefined when the list has none. */
export function findWasteCode(code: string): WasteCode | undefined {
  const compact = code.replace(/[\s*]/g, "");
  return wasteCodes().find((entry) => entry.code.code === compact)?.code;
}

let chapters: { chapter: string; title: string }[] | undefined;

/** The list's 20 chapters in order, each with its title: the marketplace filters by them. */
export function wasteChapters(): { chapter: string; title: string }[] {
  chapters ??= [...new Map(wasteCodes().map((entry) => [entry.code.chapter, entry.code.chapter_title] as const)).entries()].map(
    ([chapter, title]) => ({ chapter, title }),
  );
  return chapters;
}

/**
 * What a page showing the picker gives it from its address: the filters as typed and their
 * results. A hand-edited address with a bad value shows the whole list rather than an error.
 */
export function wasteCodePickerState(url: URL) {
  const parsed = wasteCodeQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : wasteCodeQuerySchema.parse({});
  const hazardous = query.hazardous === undefined ? ("" as const) : query.hazardous ? ("true" as const) : ("false" as const);
  return { filters: { search: query.search ?? "", hazardous }, results: searchWasteCodes(query) };
}
