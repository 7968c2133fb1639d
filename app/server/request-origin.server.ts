/** A Host value: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

let parsed: { text: string; url: URL } | undefined;
/** APP_URL parsed once, not on every request. */
function parsedAppUrl(appUrl: string) {
  if (parsed?.text !== appUrl) parsed = { text: appUrl, url: new URL(appUrl) };
  return parsed.url;
}

type OriginHeaders = {
  host?: string;
  origin?: string;
  forwardedProto?: string;
  forwardedHost?: string;
};

/**
 * The origin (scheme and host) of the URL React Router sees for a request. This server only
 * speaks HTTP: behind a proxy that ends TLS it cannot tell https from http by itself, and React
 * Router refuses a form post whose Origin header differs from the request URL's origin. So:
 * - with trusted proxies (TRUST_PROXY ≥ 1), their X-Forwarded-Proto and X-Forwarded-Host decide;
 * - a request for APP_URL's host, or from a page of APP_URL (its Origin), is for APP_URL;
 * - any other Host reached this server directly (http://127.0.0.1:3000 on the machine itself).
 */
export function requestOrigin(headers: OriginHeaders, { appUrl, trustProxy }: { appUrl: string; trustProxy: number }): string {
  const app = parsedAppUrl(appUrl);
  const host = headers.host && HOST.test(headers.host) ? headers.host.toLowerCase() : undefined;
  if (trustProxy > 0 && (headers.forwardedProto || headers.forwardedHost)) {
    const proto = headers.forwardedProto?.split(",")[0]?.trim().toLowerCase();
    const forwardedHost = headers.forwardedHost?.split(",")[0]?.trim().toLowerCase();
    const scheme = proto === "https" || proto === "http" ? proto : app.protocol.slice(0, -1);
    const chosenHost = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : (host ?? app.host);
    return `${scheme}://${chosenHost}`;
  }
  if (!host || host === app.host || headers.origin === app.origin) return app.origin;
  return `http://${host}`;
}
