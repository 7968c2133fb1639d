import { createHash } from "node:crypto";

/**
 * The answer of an SVG badge other sites embed: cached by anyone for a few minutes (figures move
 * slowly, and a page full of badges must not cost a query each view), then asked again with its
 * ETag, which is a hash of the drawing, so unchanged figures answer 304 with no body. The image
 * may not run or fetch anything (inline styles only), whoever frames it.
 */

/** How long a badge is kept before being asked again: a member who turns theirs off waits at most this. */
export const BADGE_MAX_AGE_SECONDS = 300;

/** What every missing badge answers: a member whose badge is off, an event that is a sample or none. */
export function badgeNotFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function badgeResponse(request: Request, svg: string | null): Response {
  if (svg === null) return badgeNotFound();
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    // Embedded by other sites by design.
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  const sent = request.headers.get("if-none-match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  return new Response(svg, { status: 200, headers });
}
