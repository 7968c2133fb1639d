/** Longer than any page of this site needs; a longer target is refused rather than read. */
const MAX_LENGTH = 2000;
// Control characters are exactly what this looks for.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const BASE = "http://same.site";

/** In the path, percent-encoded: a slash, a backslash, a control character. */
const ENCODED_SEPARATOR_OR_CONTROL = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

/**
 * Whether `target` is a path on this site (below `within`, when given) that a browser cannot read
 * as anywhere else. Browsers are lenient where the URL standard lets them be: they read `//host`
 * and `/\host` as another host, drop tabs and newlines anywhere (`/\t/host` is `//host`) and
 * resolve `..` and its encoded forms, so each of those is refused or resolved before comparing. An
 * encoded slash, backslash or control character in the path is refused too: nothing on this site
 * needs one, and whatever decodes the path once more would meet the raw character.
 */
export function isSafeRedirect(target: unknown, within?: string): target is string {
  return normalizedRedirect(target, within) !== null;
}

/**
 * The target as the URL standard writes it (dot segments resolved, anything outside ASCII
 * percent-encoded, so it can stand in a Location header), or null when it is not safe.
 */
function normalizedRedirect(target: unknown, within?: string): string | null {
  if (typeof target !== "string" || target.length > MAX_LENGTH) return null;
  if (!target.startsWith("/") || target.startsWith("//") || CONTROL_OR_BACKSLASH.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  // `/.//host` resolves to `//host`: the written form must still be a path, not another host.
  if (url.origin !== BASE || url.pathname.startsWith("//") || ENCODED_SEPARATOR_OR_CONTROL.test(url.pathname)) return null;
  if (within !== undefined) {
    const root = within.endsWith("/") ? within.slice(0, -1) : within;
    if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) return null;
  }
  return url.pathname + url.search + url.hash;
}

/**
 * Where a form or a link may send the member: `target` when it is a same-site path (below
 * `within`, when given: the login page honours only pages of the member area), else `fallback`
 * (by default `within`, or the home page). Every `returnTo` and `redirectTo` a client sends goes
 * through this before the server redirects to it.
 */
export function safeRedirect(target: unknown, { within, fallback }: { within?: string; fallback?: string } = {}): string {
  return normalizedRedirect(target, within) ?? fallback ?? within ?? "/";
}
