import { publicListingPages } from "~/features/exchange/public-listings.server";
import { publicEventPages } from "~/features/events/public-events.server";
import { getEnv } from "~/services/env.server";

/** The pages a visitor reaches without an account (the reset page needs a mailed token). */
const PUBLIC_PATHS = [
  "/",
  "/marketplace",
  "/events",
  "/auth/register",
  "/auth/login",
  "/auth/forgot-password",
  "/terms",
  "/privacy",
] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[character]!);

const url = (location: string, lastModified?: Date) =>
  `  <url><loc>${escapeXml(location)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ""}</url>`;

/**
 * GET /sitemap.xml: the public pages and each public listing's and event's page, as absolute addresses under
 * APP_URL (the sitemap protocol asks for them). Kept ten minutes: a listing paused or hidden
 * meanwhile answers 404 to a crawler, as a missing one.
 */
export async function loader() {
  const { appUrl } = getEnv();
  const listings = await publicListingPages();
  const events = await publicEventPages();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((pathname) => url(appUrl + pathname)),
    ...listings.map((listing) => url(appUrl + listing.path, listing.updatedAt)),
    ...events.map((event) => url(appUrl + event.path, event.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
