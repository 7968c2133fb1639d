import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useNonce } from "~/services/http/nonce";

/**
 * Client hints (the Epic Stack's approach): what only the browser knows — here its time zone —
 * is kept in a cookie, so the server renders greetings and dates on the member's clock.
 *
 * The inline script runs before the page paints. When the `tz` cookie is missing or stale it
 * sets it and, in the member area (where dates are shown), loads the page once more so the
 * member never reads the server's hour. It reloads only if the cookie really was stored, so a
 * browser that refuses cookies is not sent round in circles; and it reloads with a GET
 * (`location.replace`), never repeating a form post.
 */
const TIME_ZONE_COOKIE = "tz";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Zone names ("Asia/Tokyo", "Etc/GMT+9") are written as they are: every character is allowed in a cookie. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

function readTimeZoneCookie() {
  const match = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  return match ? match[1]! : null;
}

function writeTimeZoneCookie(timeZone: string) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${TIME_ZONE_COOKIE}=${timeZone}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The same two steps as one self-contained inline script (kept in step with the functions above). */
const checkScript = `(function(){try{
var tz=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!tz||!${ZONE_NAME}.test(tz))return;
var read=function(){var m=document.cookie.match(/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/);return m?m[1]:null};
if(read()===tz)return;
document.cookie="${TIME_ZONE_COOKIE}="+tz+"; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"");
if(read()===tz&&location.pathname.indexOf("/app")===0)location.replace(location.href);
}catch(e){}})();`;

export function ClientHintCheck() {
  const nonce = useNonce();
  // The browser hides a script's nonce from the DOM, so the hydrated attribute differs by design.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: checkScript }} />;
}

/**
 * The inline script only runs on a page loaded whole. A member who arrived in the member area by
 * client-side navigation (from the landing page, which leaves the hint out to stay cacheable) gets
 * the cookie here, and the page's data is loaded again on their clock.
 */
export function useTimeZoneHint() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone || !ZONE_NAME.test(timeZone) || readTimeZoneCookie() === timeZone) return;
    writeTimeZoneCookie(timeZone);
    if (readTimeZoneCookie() === timeZone) void revalidate();
  }, [revalidate]);
}
