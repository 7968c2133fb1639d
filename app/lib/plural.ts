const rules = new Intl.PluralRules("en-US");

/** The word for a count by the language's plural rules: "item" for 1, "items" for 0 and 2. */
export function wordFor(count: number, one: string, many = `${one}s`) {
  return rules.select(count) === "one" ? one : many;
}

/**
 * "1 like", "2 likes", "0 likes": the word for a count by the language's plural rules, not by
 * `count === 1`. `many` is the plural form when it is not the singular plus "s".
 */
export function countOf(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString("en-US")} ${wordFor(count, one, many)}`;
}
