import { data } from "react-router";

/** A path id's form: digits with no leading zero, at most 16 of them (the API document states it too). */
export const PATH_ID_PATTERN = /^[1-9]\d{0,15}$/;

/**
 * A numeric id from a URL's path: digits with no leading zero, at most a safe integer. Anything
 * else names nothing (null), so the page or API answers it as it answers an id that does not exist.
 */
export function pathId(value: string | undefined): number | null {
  const id = PATH_ID_PATTERN.test(value ?? "") ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** A page's id from its path, or the page's 404 with `notFound` as its data (the error boundary shows it). */
export function pathIdOr404(value: string | undefined, notFound: unknown): number {
  const id = pathId(value);
  if (id === null) throw data(notFound, { status: 404 });
  return id;
}

/**
 * The id of a path's last segment that names a file, `12.svg` with `extension` "svg" (a route's
 * segment cannot hold a parameter and a suffix); null for anything else, as for a missing id.
 */
export function fileId(value: string | undefined, extension: string): number | null {
  const suffix = `.${extension}`;
  return value?.endsWith(suffix) ? pathId(value.slice(0, -suffix.length)) : null;
}
