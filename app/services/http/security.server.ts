import { randomBytes } from "node:crypto";

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/** The policy for server-rendered pages: scripts only with this response's nonce. */
export function documentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page (JSON, media, assets) may not run or frame anything. */
const resourceSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries; pages replace the Content-Security-Policy with their own. */
export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Content-Security-Policy": resourceSecurityPolicy,
};

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isUnsafeMethod(method: string) {
  return unsafeMethods.has(method.toUpperCase());
}

/**
 * Whether a browser request comes from this site. Modern browsers send `Sec-Fetch-Site`, which
 * is decisive (it stays right where `Origin` is "null", as on pages with no-referrer). Older
 * ones send `Origin` on unsafe requests. A request with neither is not a browser's cross-site
 * form post, so it passes (curl, server-to-server clients).
 */
export function isSameOriginRequest(headers: Headers, appUrl: string) {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  const origin = headers.get("origin");
  if (!origin) return true;
  if (origin === "null") return false;
  const host = headers.get("host");
  const allowed = new Set([new URL(appUrl).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}
