import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

/** The member pages (articles, courses, feed preferences) and the theme switch: what they refuse, and how. */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = `session=${(await registerMember(server)).token}`;
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = { cookie }) =>
  fetch(server.url + pathname, { redirect: "manual", headers });
const post = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

const NEW_PAGES = [
  "/app/education/articles/1",
  "/app/education/courses/1",
  "/app/education/courses/7",
  // Course 4's first lesson: the sample courses' lessons are numbered in order, 12 + 24 + 18 before it.
  "/app/education/courses/4/lessons/55",
  "/app/settings",
  "/app/settings/preferences",
];

describe("the new member pages", () => {
  it.each(NEW_PAGES)("sends a visitor from %s to sign in, remembering the page", async (pathname) => {
    const response = await get(pathname, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth/login?${new URLSearchParams({ redirectTo: pathname })}`);
  });

  it.each(NEW_PAGES)("shows %s to a member", async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    "/app/education/articles/99",
    "/app/education/articles/abc",
    "/app/education/articles/01",
    "/app/education/courses/99",
    "/app/education/courses/0",
    "/app/education/courses/1x",
  ])("answers an unknown article or course %s with 404 and a way back", async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/(Article|Course) not found/);
    expect(html).toContain("Back to the Education Hub");
  });

  it("refuses a signed-out form post to a course, sending the visitor to sign in", async () => {
    const response = await post("/app/education/courses/1", { intent: "enroll" }, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/login\?redirectTo=/);
  });
});

describe("lesson progress forms", () => {
  it("refuses bad input with 400, a course not enrolled in with 409 and an unknown course with 404", async () => {
    const bad = await post("/app/education/courses/4", { intent: "lesson", lesson: "first", done: "1" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a lesson");
    expect((await post("/app/education/courses/4", { intent: "graduate" })).status).toBe(400);
    const notEnrolled = await post("/app/education/courses/4", { intent: "lesson", lesson: "55", done: "1" });
    expect(notEnrolled.status).toBe(409);
    expect(await notEnrolled.text()).toContain("Enroll in this course first.");
    expect((await post("/app/education/courses/77", { intent: "enroll", _enhanced: "1" })).status).toBe(404);

    const enrolled = await post("/app/education/courses/4", { intent: "enroll" });
    expect(enrolled.status).toBe(302);
    expect(enrolled.headers.get("location")).toBe("/app/education/courses/4");
    // Lesson 1 is course 1's: not this course's.
    const outside = await post("/app/education/courses/4", { intent: "lesson", lesson: "1", done: "1" });
    expect(outside.status).toBe(404);
    expect(await outside.text()).toContain("This lesson is not part of this course.");
    const marked = await post("/app/education/courses/4", { intent: "lesson", lesson: "62", done: "1" });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe("/app/education/courses/4#lesson-62");
    expect(await (await get("/app/education/courses/4")).text()).toContain("1 of 8 lessons done");
  });

  it("refuses a form posted from another site", async () => {
    const response = await post("/app/education/courses/4", { intent: "enroll" }, { cookie, "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
  });
});

describe("feed preferences form", () => {
  it("refuses what the API refuses, with the reasons beside the fields, and keeps the saved preferences", async () => {
    expect((await post("/app/settings/preferences", { categories: "composting", location: "Ghent" })).status).toBe(302);
    const refused = await post("/app/settings/preferences", { categories: "rockets", location: "x".repeat(101) });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Unknown category");
    expect(html).toContain("Location must be at most 100 characters");
    const saved = await (await get("/api/users/preferences")).json();
    expect(saved.data.preferences).toEqual({ categories: ["composting"], post_types: [], location: "Ghent" });
  });
});

describe("the theme switch", () => {
  it("stores the choice for a year and goes back to a page of this site only", async () => {
    const dark = await post("/theme", { theme: "dark", redirectTo: "/app/education?topic=energy" });
    expect(dark.status).toBe(302);
    expect(dark.headers.get("location")).toBe("/app/education?topic=energy");
    expect(dark.headers.get("set-cookie")).toBe("theme=dark; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    for (const redirectTo of ["//evil.example/app", "https://evil.example/", "/\\evil.example"]) {
      expect((await post("/theme", { theme: "light", redirectTo })).headers.get("location"), redirectTo).toBe("/");
    }
    const system = await post("/theme", { theme: "system", redirectTo: "/app/dashboard" });
    expect(system.headers.get("set-cookie")).toBe("theme=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  it("sends a page whose address has characters outside ASCII back to it, encoded, never a 500", async () => {
    const snowman = await post("/theme", { theme: "dark", redirectTo: "/app/community?search=\u2603" });
    expect(snowman.status).toBe(302);
    expect(snowman.headers.get("location")).toBe("/app/community?search=%E2%98%83");
    const signIn = await get("/auth/login?redirectTo=%2Fapp%2F%E2%98%83");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/app/%E2%98%83");
    const product = await post("/app/marketplace/%E2%98%83", { intent: "add", quantity: "1" });
    expect(product.status).toBe(302);
    expect(product.headers.get("location")).toBe("/app/marketplace");
  });

  it("works for a visitor too, and refuses an unknown theme, a cross-site post and a GET", async () => {
    const visitor = await post("/theme", { theme: "dark", redirectTo: "/auth/login" }, {});
    expect(visitor.status).toBe(302);
    const unknown = await post("/theme", { theme: "sepia" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    const crossSite = await post("/theme", { theme: "dark" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
    const read = await get("/theme");
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toBe("/");
  });

  it("renders the stored theme on the document, and nothing for System or a bad value", async () => {
    expect(await (await get("/app/dashboard", { cookie: `${cookie}; theme=dark` })).text()).toMatch(
      /^<!DOCTYPE html><html lang="en" data-theme="dark">/,
    );
    expect(await (await get("/app/dashboard", { cookie: `${cookie}; theme=neon` })).text()).toMatch(
      /^<!DOCTYPE html><html lang="en">/,
    );
    expect(await (await get("/auth/login", { cookie: "theme=light" })).text()).toMatch(
      /^<!DOCTYPE html><html lang="en" data-theme="light">/,
    );
  });
});

describe("the time-zone hint", () => {
  const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dateIn = (timeZone: string) =>
    new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone }).format(
      new Date(),
    );

  it("dates the page in the zone of the tz cookie, and in the server's for a bad one", async () => {
    // Kiritimati is 14 hours ahead of UTC, Pago Pago 11 behind: their dates differ all day long.
    expect(await (await get("/app/dashboard", { cookie: `${cookie}; tz=Pacific/Kiritimati` })).text()).toContain(
      dateIn("Pacific/Kiritimati"),
    );
    expect(await (await get("/app/dashboard", { cookie: `${cookie}; tz=Pacific/Pago_Pago` })).text()).toContain(
      dateIn("Pacific/Pago_Pago"),
    );
    const bad = await get("/app/dashboard", { cookie: `${cookie}; tz=Mars%2FOlympus` });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain(dateIn(serverZone));
  });

  it("sends the hint script with the page's nonce, except on the cached landing page", async () => {
    const page = await get("/auth/login", {});
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")![1];
    expect(await page.text()).toContain(`<script nonce="${nonce}">(function(){try{`);
    expect(await (await get("/", {})).text()).not.toContain("resolvedOptions().timeZone");
  });
});

describe("the member shell's navigation", () => {
  /** The links marked as the current page, by their text (icons and whitespace left out). */
  const currentLinks = (html: string) =>
    [...html.matchAll(/<a\b[^>]*aria-current="page"[^>]*>([\s\S]*?)<\/a>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, "").trim(),
    );

  it.each([
    ["/app/settings/preferences", "Settings"],
    ["/app/education/courses/1", "Education"],
    ["/APP/Education", "Education"],
  ])("marks the section of %s as the current page, once, and no other", async (pathname, section) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    // One side panel is both the side navigation and the phone's menu: the page carries it once.
    expect(currentLinks(await response.text())).toEqual([section]);
  });
});
