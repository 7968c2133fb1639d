/**
 * Intl formatters, made once and reused. Making one (or calling toLocaleString with options,
 * which makes one each time) costs tens of microseconds, and a page of listings formats hundreds
 * of prices, quantities and dates. Keyed by their options; time zones come from members'
 * browsers, so the number kept is capped.
 */

const MAX_KEPT = 200;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= MAX_KEPT) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** An en-US date formatter with these options. */
export const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  kept(dateFormats, JSON.stringify(options), () => new Intl.DateTimeFormat("en-US", options));

/** An en-US number formatter with these options. */
export const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  kept(numberFormats, JSON.stringify(options), () => new Intl.NumberFormat("en-US", options));
