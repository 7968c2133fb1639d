import { getEnv } from "~/services/env.server";

/**
 * GET /robots.txt: crawlers may read the public pages; the member area and the API answer only
 * members, and a reset link's page is worthless without its one-off token.
 */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app/",
    "Disallow: /api/",
    "Disallow: /auth/reset-password",
    "",
    `Sitemap: ${getEnv().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
