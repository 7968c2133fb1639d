const rules = new Intl.PluralRules("en-US");

/**
 * "1 like", "2 likes", "0 likes": the word for a count by the language's plural rules, not by
 * `count === 1`. `many` is the plural form when it is not the singular plus "s".
 */
export function countOf(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString("en-US")} ${rules.select(count) === "one" ? one : many}`;
}
