import { getEnv } from "~/services/env.server";

/** The pages a visitor reaches without an account (the reset page needs a mailed token). */
const PUBLIC_PATHS = ["/", "/auth/register", "/auth/login", "/auth/forgot-password", "/terms", "/privacy"] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[character]!);

/** GET /sitemap.xml: the public pages, as absolute addresses under APP_URL (the sitemap protocol asks for them). */
export function loader() {
  const { appUrl } = getEnv();
  const urls = PUBLIC_PATHS.map((pathname) => `  <url><loc>${escapeXml(appUrl + pathname)}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
