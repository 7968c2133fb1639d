import { readCookie } from "../session.server";

/**
 * The member's time zone, from the `tz` cookie the browser sets on its first page (the client
 * hint in app/components/client-hints.tsx): the server renders greetings and dates on the member's
 * clock rather than its own. Without the cookie (no JavaScript yet) the server's zone is used.
 */
const TIME_ZONE_COOKIE = "tz";

let serverZone: string | undefined;
/** The server's own zone: asked of Intl once, since it is a costly call and does not change while running. */
export const serverTimeZone = () => (serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** A name Intl knows as a time zone (IANA, such as "Asia/Tokyo"), or null. */
export function validTimeZone(value: string | null | undefined): string | null {
  // Zone names are letters, digits and _ + - / only; the length check keeps junk away from Intl.
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** The zone to render in, and whether it is the browser's (else the server's, as a fallback). */
export function memberTimeZone(request: Request) {
  const fromBrowser = validTimeZone(readCookie(request, TIME_ZONE_COOKIE));
  return { timeZone: fromBrowser ?? serverTimeZone(), fromBrowser: fromBrowser !== null };
}

export const timeZoneOf = (request: Request) => memberTimeZone(request).timeZone;
