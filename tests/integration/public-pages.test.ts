import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

const APP_URL = "https://hub.example.org";
const PUBLIC_PAGES = [
  "/",
  "/marketplace",
  "/events",
  "/auth/register",
  "/auth/login",
  "/auth/forgot-password",
  "/terms",
  "/privacy",
];
const MEMBER_PAGES = [
  "/app/dashboard",
  "/app/marketplace",
  "/app/marketplace/1",
  "/app/community",
  "/app/education",
  "/app/profile",
];

let server: TestServer;
let memberCookie: string;

beforeAll(async () => {
  // The addresses in robots.txt and the sitemap come from APP_URL, not from the request's Host.
  server = await startServer({ APP_URL });
  memberCookie = `session=${(await registerMember(server)).token}`;
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(server.url + pathname, { redirect: "manual", headers });

/** The page's <title> and description, as a search engine reads them from the HTML. */
async function headOf(pathname: string, headers: Record<string, string> = {}) {
  const response = await get(pathname, headers);
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"\/?>/g)].map((match) => match[1]),
  };
}

describe("robots.txt and the sitemap", () => {
  it("answers robots.txt as plain text: public pages allowed, the member area and the API not, the sitemap at APP_URL", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /app/");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it("lists every public page in the sitemap as an absolute address under APP_URL, each one a page that answers", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.sort()).toEqual(PUBLIC_PAGES.map((pathname) => APP_URL + pathname).sort());
    for (const location of locations) {
      const page = await get(location.slice(APP_URL.length));
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    }
  });
});

describe("titles and descriptions", () => {
  it("gives every public page a title and a description of its own", async () => {
    const seen = new Set<string>();
    for (const pathname of [...PUBLIC_PAGES, "/auth/reset-password?token=unknown"]) {
      const { titles, descriptions } = await headOf(pathname);
      expect(titles, pathname).toHaveLength(1);
      expect(titles[0]).toMatch(/Circular Hub/);
      expect(descriptions, pathname).toHaveLength(1);
      expect(descriptions[0]!.length, pathname).toBeGreaterThan(50);
      expect(seen.has(descriptions[0]!), pathname).toBe(false);
      seen.add(descriptions[0]!);
    }
  });

  it("gives every member page a title and a description of its own", async () => {
    const seen = new Set<string>();
    for (const pathname of MEMBER_PAGES) {
      const { titles, descriptions } = await headOf(pathname, { cookie: memberCookie });
      expect(titles, pathname).toHaveLength(1);
      expect(descriptions, pathname).toHaveLength(1);
      expect(descriptions[0]!.length, pathname).toBeGreaterThan(50);
      expect(seen.has(descriptions[0]!), pathname).toBe(false);
      seen.add(descriptions[0]!);
    }
    const product = await headOf("/app/marketplace/1", { cookie: memberCookie });
    expect(product.descriptions[0]).toContain(product.titles[0]!.split(" · ")[0]);
  });
});
