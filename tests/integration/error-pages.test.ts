import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdWriteLock, withDatabase } from "../support/database";
import { newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * What a member or visitor reads when a page fails: the page's own words for "not found", the
 * busy message with Retry-After, a sentence without internals for anything else; always inside
 * the frame they came from, with its navigation.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = `session=${(await registerMember(server)).token}`;
});

afterAll(async () => {
  await server?.stop();
});

const page = async (pathname: string, init: RequestInit = {}) => {
  const response = await fetch(server.url + pathname, { redirect: "manual", ...init, headers: { cookie, ...init.headers } });
  const html = await response.text();
  // What a reader sees: the page without its scripts (the hint in the head, the data at the end)
  // and without the markers React puts between pieces of text.
  return { response, html, visible: html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "") };
};

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClientAddress() },
  body: new URLSearchParams(fields),
});

/** The member shell: its side navigation, its header and the member's name in the greeting. */
function expectMemberShell(visible: string) {
  expect(visible).toMatch(/<nav aria-label="Main"/);
  for (const href of ["/app/dashboard", "/app/marketplace", "/app/community", "/app/education", "/app/profile"]) {
    expect(visible).toContain(`href="${href}"`);
  }
  expect(visible).toMatch(/Good (morning|afternoon|evening), /);
  expect(visible).toContain("Sign Out");
}

describe("a thing that is not there", () => {
  it.each([
    [
      "/app/education/courses/99",
      "Course not found",
      "This course doesn&#x27;t exist or isn&#x27;t yours to see.",
      "Back to the Education Hub",
    ],
    [
      "/app/education/articles/99",
      "Article not found",
      "This article doesn&#x27;t exist or isn&#x27;t yours to see.",
      "Back to the Education Hub",
    ],
    [
      "/app/marketplace/99999",
      "Listing not found",
      "This listing doesn&#x27;t exist or isn&#x27;t yours to see.",
      "Back to the marketplace",
    ],
    [
      "/app/marketplace/0",
      "Listing not found",
      "This listing doesn&#x27;t exist or isn&#x27;t yours to see.",
      "Back to the marketplace",
    ],
  ])("answers %s with 404, its own words and the member navigation", async (pathname, title, message, back) => {
    const { response, visible } = await page(pathname);
    expect(response.status).toBe(404);
    expect(visible).toContain("Error 404");
    expect(visible).toMatch(new RegExp(`<h2[^>]*>${title}</h2>`));
    expect(visible).toContain(message);
    expect(visible).toContain(back);
    expectMemberShell(visible);
    // The header still names the section the member is in.
    expect(visible).toMatch(/<h1[^>]*>(Education Hub|Marketplace)<\/h1>/);
  });
});

describe("a request the page does not take", () => {
  it("answers a form posted to a member page without a form with 405 inside the shell", async () => {
    const { response, visible } = await page("/app/dashboard", form({ a: "1" }));
    expect(response.status).toBe(405);
    expect(visible).toContain("Error 405");
    expect(visible).toContain("This page does not accept that request.");
    expectMemberShell(visible);
  });

  it("answers one posted to the landing page under the landing page's header", async () => {
    // `?index` addresses the landing page itself rather than the document around it.
    const { response, visible } = await page("/?index", form({ a: "1" }));
    expect(response.status).toBe(405);
    expect(visible).toContain("This page does not accept that request.");
    expect(visible).toContain('href="/auth/login"');
    expect(visible).toContain("Visit Marketplace");
    expect(visible).toMatch(/<h1[^>]*>Not allowed<\/h1>/);
  });

  it("says which methods it takes and logs no error: the client's mistake is only in the access log", async () => {
    const before = server.logs().length;
    for (const [pathname, init] of [
      ["/terms", form({ a: "1" })],
      ["/terms.data", form({ a: "1" })],
      ["/", { ...form({ a: "1" }), method: "PUT" }],
    ] as const) {
      const { response } = await page(pathname, init);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    }
    // The access lines reach the output after the answers: on a busy machine, a while after.
    await expect.poll(() => server.logs().slice(before), { timeout: 5_000 }).toMatch(/PUT \/ 405/);
    const logged = server.logs().slice(before);
    expect(logged).toMatch(/POST \/terms 405/);
    expect(logged).not.toMatch(/failed/);
  });
});

describe("a database that is busy", () => {
  it("answers a member's write with 503, Retry-After and the busy message inside the shell", async () => {
    const release = holdWriteLock(server, ["course_enrollments"]);
    try {
      const { response, visible } = await page("/app/education/courses/2", form({ intent: "enroll" }));
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(visible).toContain("The service is busy right now and nothing was saved. Please try again in a few seconds.");
      expect(visible).toContain("Try again");
      expectMemberShell(visible);
    } finally {
      release();
    }
    // Nothing was saved: the course still offers to enrol.
    expect((await page("/app/education/courses/2")).visible).toContain("Enroll to mark lessons as done");
  });

  it("answers a sign-up with the same message inside the sign-in pages' frame", async () => {
    const release = holdWriteLock(server);
    try {
      const fields = {
        username: "Busy Page",
        email: "busy-page@example.org",
        password: "compost-heap-7",
        confirmPassword: "compost-heap-7",
        terms: "on",
      };
      const response = await fetch(`${server.url}/auth/register`, { redirect: "manual", ...form(fields) });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const visible = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
      expect(visible).toContain("nothing was saved");
      expect(visible).toContain("Where the circular economy does business.");
      expect(visible).toContain('href="/auth/login"');
    } finally {
      release();
    }
  });
});

describe("a failure on our side", () => {
  it("answers 500 with a sentence and a way to try again, inside the shell, and no internals", async () => {
    // The catalogue's table goes missing under the server: every read of it fails.
    withDatabase(server, (db) => db.exec("ALTER TABLE products RENAME TO products_away"));
    try {
      const { response, html, visible } = await page("/app/marketplace");
      expect(response.status).toBe(500);
      expect(visible).toContain("Something went wrong");
      expect(visible).toContain("An unexpected error occurred on our side. Please try again in a moment.");
      expect(visible).toMatch(/<a href="\/app\/marketplace"[^>]*>Try again<\/a>/);
      expectMemberShell(visible);
      expect(html).not.toMatch(/no such table|does not exist|products_away|SqliteError|node_modules|at .*\.js:\d+/);
    } finally {
      withDatabase(server, (db) => db.exec("ALTER TABLE products_away RENAME TO products"));
    }
    expect((await page("/app/marketplace")).response.status).toBe(200);
  });

  it("keeps the navigation when the member area itself cannot read who is signed in", async () => {
    withDatabase(server, (db) => db.exec("ALTER TABLE sessions RENAME TO sessions_away"));
    try {
      const { response, html, visible } = await page("/app/dashboard");
      expect(response.status).toBe(500);
      expect(visible).toContain("An unexpected error occurred on our side. Please try again in a moment.");
      expect(visible).toMatch(/<nav aria-label="Main"/);
      expect(visible).toContain('href="/app/marketplace"');
      // Without the member's name: it could not be read.
      expect(visible).not.toMatch(/Good (morning|afternoon|evening), /);
      expect(html).not.toMatch(/no such table|does not exist|sessions_away|SqliteError/);
    } finally {
      withDatabase(server, (db) => db.exec("ALTER TABLE sessions_away RENAME TO sessions"));
    }
    expect((await page("/app/dashboard")).response.status).toBe(200);
  });
});

describe("the seeded catalogue on its pages", () => {
  it("shows on each sample listing's page as many sample reviews as its count says", async () => {
    const { visible } = await page("/app/marketplace?page=2");
    const ids = [...new Set([...visible.matchAll(/href="\/app\/marketplace\/(\d+)"/g)].map((match) => match[1]))];
    expect(ids).toHaveLength(16);
    for (const id of ids) {
      const detail = (await page(`/app/marketplace/${id}`)).visible;
      const count = Number(/Rated [\d.]+ out of 5"[\s\S]*?\((\d+)\)/.exec(detail)?.[1]);
      const reviews = detail.slice(detail.indexOf('id="reviews-title"')).match(/<li /g) ?? [];
      expect(count).toBeGreaterThan(0);
      expect(reviews).toHaveLength(count);
    }
  });
});
