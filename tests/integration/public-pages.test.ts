import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

const PUBLIC_PAGES = ["/", "/auth/register", "/auth/login", "/auth/forgot-password", "/terms", "/privacy"];
const MEMBER_PAGES = ["/app/dashboard", "/app/marketplace", "/app/marketplace/1", "/app/community", "/app/education", "/app/profile"];

let server: TestServer;
let memberCookie: string;

beforeAll(async () => {
  server = await startServer();
  memberCookie = `session=${(await registerMember(server)).token}`;
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { redirect: "manual", headers });

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
