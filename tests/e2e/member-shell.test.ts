import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Accessibility and layout in the member area outside the community feed: the app shell (skip link, sticky
 * navigation, menus that close, the theme switch, the member's time zone), long names, names of
 * controls, focus after actions, and the pages that were dead ends (articles, courses,
 * preferences), with JavaScript on and off.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

const NARROW = { width: 320, height: 640 };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A 30-character name in one word, and 60-character words: what broke the pages' width. */
const LONG_NAME = "Maximiliana-Wolkenstein-Rodeck";
const longWord = (start: string) => `${start}${"recyclingcompostingupcycling".repeat(3)}`.slice(0, 60);

async function signedIn(options: Parameters<typeof newContext>[1] = {}) {
  const { context, member } = await signedInContext(browser, server, options);
  return { context, member, page: await context.newPage() };
}

/** Gives the member the long name and a bio, location and company of long words (the profile form). */
async function giveLongNames(token: string) {
  const response = await fetch(`${server.url}/app/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `session=${token}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: LONG_NAME,
      bio: `Collector of ${longWord("bottlecaps")} and more.`,
      location: longWord("Llanfairpwllgwyngyll"),
      company: longWord("Kreislaufwirtschaft"),
      website: "",
      phone: "",
    }),
  });
  expect(response.status).toBe(302);
}

let longProductId: number | undefined;
/** A listing whose title, seller and location are 60-character words, first under Featured. */
function longProduct() {
  if (longProductId) return longProductId;
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    const sellerId = db
      .prepare("INSERT INTO users (username, email, password_hash) VALUES (?, 'long-seller@example.org', '!')")
      .run(longWord("Gebrauchtwarenhandel")).lastInsertRowid;
    longProductId = Number(
      db
        .prepare(
          `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
             weight_per_unit_kg, price_cents, quantity_left, location, handover)
           VALUES (@sellerId, 'sale', @title, @text, 'tools', 'plastics', 'used', 5, 'piece', 1.5, 1000, 5, @location, 'collection')`,
        )
        .run({
          sellerId,
          title: longWord("Werkzeugaufbewahrungssystem"),
          text: `Made of ${longWord("Polypropylenrezyklat")}.`,
          location: longWord("Recyclinghofumgebung"),
        }).lastInsertRowid,
    );
  } finally {
    db.close();
  }
  return longProductId;
}

/** A listing of another member, created through the API, that the signed-in member may ask for. */
async function listedByAnother(fields: Record<string, unknown>) {
  const other = await registerMember(server);
  const response = await fetch(`${server.url}/api/listings`, {
    method: "POST",
    headers: { authorization: `Bearer ${other.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      kind: "sale",
      description: "Sorted and cleaned.",
      category: "tools",
      material: "metals",
      condition: "used",
      quantity: 10,
      unit: "piece",
      weight_per_unit_kg: 1,
      price_cents: 500,
      handover: "collection",
      ...fields,
    }),
  });
  if (response.status !== 201) throw new Error(`listing failed: ${response.status}`);
  return (await response.json()).data.listing as { id: number; title: string };
}

const memberPages = () => [
  "/app/dashboard",
  "/app/profile",
  "/app/profile?edit=1",
  "/app/marketplace",
  "/app/marketplace?view=list",
  `/app/marketplace/${longProduct()}`,
  "/app/marketplace/new",
  "/app/marketplace/mine",
  "/app/education",
  "/app/education/articles/1",
  "/app/education/courses/1",
  "/app/settings",
  "/app/settings/preferences",
];

const dataTheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
const cookieOf = async (context: BrowserContext, name: string) =>
  (await context.cookies(server.url)).find((cookie) => cookie.name === name);
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? "",
      id: element?.id ?? "",
      text: element?.textContent?.trim() ?? "",
      label: element?.getAttribute("aria-label") ?? "",
      href: element?.getAttribute("href") ?? "",
    };
  });
const detailsOpen = (page: Page, summaryText: string) =>
  page
    .locator("header details")
    .filter({ has: page.locator("summary", { hasText: summaryText }) })
    .evaluate((element) => (element as HTMLDetailsElement).open);
const menuOpen = (page: Page) =>
  page.locator('header details:has(> summary[aria-label="Menu"])').evaluate((element) => (element as HTMLDetailsElement).open);

/** Runs single axe rules, including experimental ones that seriousAxeFindings leaves out. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeRule(page: Page, rule: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (id) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { nodes: { html: string }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: [id] }, resultTypes: ["violations"] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
  }, rule);
}

/** The greeting by the hour on the given clock. */
function greetingIn(timeZone: string, at = new Date()) {
  const hour = Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(at)) % 24;
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}
const dateIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone }).format(at);

/** A signed-in context on another clock (newContext has no time zone option). */
async function signedInAt(timezoneId: string) {
  const member = await registerMember(server);
  const context = await browser.newContext({
    timezoneId,
    viewport: DESKTOP,
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  await context.addCookies([{ name: "session", value: member.token, url: server.url }]);
  return { context, page: await context.newPage() };
}

describe("long names and words", () => {
  // At 320 px, the narrowest: the accessibility walk checks every page at 375 px for sideways scrolling.
  it("never make a member page scroll sideways at 320 px, and the whole name stays available", async () => {
    const viewport = NARROW;
    const { page, member } = await signedIn({ viewport });
    await giveLongNames(member.token);
    for (const pathname of memberPages()) {
      const response = await page.goto(server.url + pathname);
      expect(response?.status(), pathname).toBe(200);
      expect(await sidewaysOverflow(page), `${pathname} at ${viewport.width} px`).toBe(0);
      // The greeting cuts the name to its line and keeps the whole of it in a title.
      const greeting = page.getByRole("banner").getByText(/^Good (morning|afternoon|evening), /);
      expect(await greeting.locator(`[title="${LONG_NAME}"]`).count(), pathname).toBe(1);
      const greetingBox = await greeting.boundingBox();
      const calendarBox = await page.getByRole("link", { name: "Calendar: upcoming events" }).boundingBox();
      // The greeting ends before the header's buttons begin.
      expect(greetingBox!.x + greetingBox!.width, pathname).toBeLessThanOrEqual(calendarBox!.x);
    }
    await page.goto(`${server.url}/app/profile`);
    await page.getByRole("heading", { name: LONG_NAME, level: 2 }).waitFor();
    await page.getByText(longWord("Kreislaufwirtschaft")).waitFor();
    await page.goto(`${server.url}/app/marketplace/${longProduct()}`);
    await page.getByRole("heading", { name: longWord("Werkzeugaufbewahrungssystem"), level: 2 }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

describe("the app shell", () => {
  it("offers Skip to main content as the first stop of the keyboard", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/dashboard`);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "A", text: "Skip to main content", href: "#main" });
    const box = await page.getByRole("link", { name: "Skip to main content" }).boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatchObject({ tag: "MAIN", id: "main" });
    await page.keyboard.press("Tab");
    // The next stop is inside the page, not the navigation.
    expect(await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement))).toBe(true);
  });

  it("keeps the side navigation and the header in view however far the page scrolls", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/community`);
    await page.getByRole("list", { name: "Posts" }).waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(3 * DESKTOP.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2 * DESKTOP.height);
    const signOut = await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).boundingBox();
    expect(signOut!.y).toBeGreaterThan(0);
    expect(signOut!.y + signOut!.height).toBeLessThanOrEqual(DESKTOP.height);
    const dashboardLink = await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).boundingBox();
    expect(dashboardLink!.y).toBeGreaterThan(0);
    expect((await page.getByRole("banner").boundingBox())!.y).toBe(0);

    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const menu = await page.getByLabel("Menu").boundingBox();
    expect(menu!.y).toBeGreaterThan(0);
    expect(menu!.y + menu!.height).toBeLessThan(PHONE.height);
  });

  it("closes the phone menu on a chosen page, a tap outside and Escape; it lists Settings", async () => {
    const { page } = await signedIn({ viewport: PHONE });
    await page.goto(`${server.url}/app/dashboard`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" });

    await page.getByLabel("Menu").click();
    await menu.getByRole("link", { name: "Education" }).click();
    await page.waitForURL(/\/app\/education$/);
    await page.getByRole("heading", { name: "Learn what works" }).waitFor();
    expect(await menuOpen(page)).toBe(false);
    // Focus does not fall to the page body: it is on the new page's content.
    expect(await focused(page)).toMatchObject({ tag: "MAIN", id: "main" });

    await page.getByLabel("Menu").click();
    expect(await menuOpen(page)).toBe(true);
    // A tap on the header's title: with every link listed, the open menu reaches the screen's foot.
    const title = (await page.getByRole("banner").getByRole("heading", { level: 1 }).boundingBox())!;
    await page.mouse.click(title.x + 10, title.y + title.height / 2);
    expect(await menuOpen(page)).toBe(false);

    await page.getByLabel("Menu").click();
    await menu.getByRole("link", { name: "Marketplace" }).focus();
    await page.keyboard.press("Escape");
    expect(await menuOpen(page)).toBe(false);
    expect(await focused(page)).toMatchObject({ tag: "SUMMARY", label: "Menu" });

    await page.getByLabel("Menu").click();
    await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(/\/app\/settings$/);
    expect(errorsOf(page)).toEqual([]);
  });

  it("closes the notifications on a chosen notification, a click outside and Escape", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/dashboard`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const bell = page.getByRole("banner").locator("summary", { hasText: "Notifications" });
    // Its name is its words for a screen reader; a new member has nothing unread, so no badge.
    expect(await bell.getAttribute("aria-label")).toBeNull();
    expect(await bell.textContent()).toBe("Notifications");

    await bell.click();
    await page.getByRole("banner").getByRole("link", { name: "See all" }).click();
    await page.waitForURL(/\/app\/notifications$/);
    expect(await detailsOpen(page, "Notifications")).toBe(false);

    await bell.click();
    expect(await detailsOpen(page, "Notifications")).toBe(true);
    await page.mouse.click(700, 600);
    expect(await detailsOpen(page, "Notifications")).toBe(false);

    await bell.click();
    await page.keyboard.press("Escape");
    expect(await detailsOpen(page, "Notifications")).toBe(false);
    expect(await focused(page)).toMatchObject({ tag: "SUMMARY", text: "Notifications" });
    expect(errorsOf(page)).toEqual([]);
  });

  it("keeps both menus working without JavaScript", async () => {
    const { page } = await signedIn({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByLabel("Menu").click();
    await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(/\/app\/settings$/);
    expect(await menuOpen(page)).toBe(false);
    // Without JavaScript the bell is a plain link to the notifications page.
    await page.getByRole("banner").getByRole("link", { name: "Notifications" }).click();
    await page.waitForURL(/\/app\/notifications$/);
  });
});

describe("the theme switch", () => {
  it("switches Light, Dark and System in place with JavaScript, stored for a year", async () => {
    const { page, context } = await signedIn({ colorScheme: "dark" });
    await page.goto(`${server.url}/app/dashboard`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    expect(await dataTheme(page)).toBeNull();
    const panel = page.getByRole("banner").getByRole("group", { name: "Theme" });
    expect(await panel.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe("true");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await panel.getByRole("button", { name: "Dark" }).click();
    await expect.poll(() => dataTheme(page)).toBe("dark");
    await expect.poll(async () => (await cookieOf(context, "theme"))?.value).toBe("dark");
    const cookie = (await cookieOf(context, "theme"))!;
    expect(cookie.sameSite).toBe("Lax");
    expect(Math.abs(cookie.expires - (Date.now() / 1000 + 365 * 24 * 3600))).toBeLessThan(3600);
    expect(await panel.getByRole("button", { name: "Dark" }).getAttribute("aria-pressed")).toBe("true");
    // No reload: the same document, the focus still on the switch.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(await focused(page)).toMatchObject({ tag: "BUTTON", text: "Dark" });
    // The server renders the theme, so the page never flashes the other one.
    const html = await (await context.request.get(`${server.url}/app/profile`)).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" data-theme="dark">/);

    await panel.getByRole("button", { name: "Light" }).click();
    await expect.poll(() => dataTheme(page)).toBe("light");
    await panel.getByRole("button", { name: "System" }).click();
    await expect.poll(() => dataTheme(page)).toBeNull();
    await expect.poll(() => cookieOf(context, "theme")).toBeUndefined();
    expect(errorsOf(page)).toEqual([]);
  });

  it("switches with a plain form in the phone menu without JavaScript, back on the same page", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto(`${server.url}/app/education?topic=composting`);
    await page.getByLabel("Menu").click();
    await page.getByRole("banner").getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await page.waitForURL(`${server.url}/app/education?topic=composting`);
    expect(await dataTheme(page)).toBe("dark");
    expect((await cookieOf(context, "theme"))?.value).toBe("dark");
    await page.getByLabel("Menu").click();
    const pressed = page.getByRole("banner").getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" });
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("banner").getByRole("group", { name: "Theme" }).getByRole("button", { name: "System" }).click();
    await page.waitForURL(/topic=composting/);
    expect(await dataTheme(page)).toBeNull();
  });
});

describe("the member's time zone", () => {
  it("greets and dates by the member's clock (Tokyo, and a zone whose greeting differs from the server's)", async () => {
    const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const candidates = ["America/Los_Angeles", "Europe/Berlin", "Pacific/Auckland", "America/New_York", "America/Sao_Paulo"];
    const other = candidates.find((zone) => greetingIn(zone) !== greetingIn(serverZone))!;
    for (const zone of ["Asia/Tokyo", other]) {
      const { context, page } = await signedInAt(zone);
      await page.goto(`${server.url}/app/dashboard`);
      await expect.poll(async () => (await cookieOf(context, "tz"))?.value).toBe(zone);
      const line = page.getByRole("banner").getByText(/^Good (morning|afternoon|evening), /);
      await expect.poll(() => line.textContent()).toMatch(new RegExp(`^${greetingIn(zone)}, Member \\d+ · ${dateIn(zone)}$`));
      await context.close();
    }
  });
});

describe("plural words", () => {
  it("say 1 day, 1 item, 1 product", async () => {
    const { page, member } = await signedIn();
    // A load the member recorded 26 hours ago: the dashboard's recent activity says when.
    const db = new Database(path.join(server.dataDir, "app.db"));
    try {
      const at = Date.now() - 26 * 60 * 60 * 1000;
      db.prepare(
        `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, source, co2e_g, factor_table, created_at, updated_at)
         VALUES (?, ?, 'glass', 'recycled', 12000, 'recorded', 0, 'epa-warm-v16', ?, ?)`,
      ).run(member.id, new Date(at).toISOString().slice(0, 10), at, at);
    } finally {
      db.close();
    }
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByText("1 day ago", { exact: true }).waitFor();
    expect(await page.getByText(/\b1 days\b/).count()).toBe(0);
    await page.goto(`${server.url}/app/marketplace?q=barrel`);
    await page.getByText("Showing 1 of 1 product", { exact: true }).waitFor();
  });
});

describe("names and pictures", () => {
  it("names Add to Cart by its visible words and loads the largest picture at once", async () => {
    const { page } = await signedIn({ bypassCSP: true });
    const listing = await listedByAnother({ title: "Reusable crates" });
    await page.goto(`${server.url}/app/marketplace`);
    const buttons = page.getByRole("list", { name: "Products" }).getByRole("button", { name: /^Add to Cart: / });
    expect(await buttons.first().getAttribute("aria-label")).toBe(`Add to Cart: ${listing.title}`);
    expect(await axeRule(page, "label-content-name-mismatch")).toEqual([]);
    const pictures = page.getByRole("list", { name: "Products" }).locator("img");
    expect(await pictures.first().getAttribute("loading")).not.toBe("lazy");
    expect(await pictures.nth(6).getAttribute("loading")).toBe("lazy");
    await page.goto(`${server.url}/app/marketplace/1`);
    expect(await page.getByRole("img", { name: "Reclaimed Oak Desk, picture 1" }).getAttribute("loading")).not.toBe("lazy");
    expect(await axeRule(page, "label-content-name-mismatch")).toEqual([]);
  });
});

describe("focus after an action", () => {
  it("stays on the quantity buttons, which say when they reach what is left", async () => {
    const { page } = await signedIn();
    const listing = await listedByAnother({ title: "Restored hand planes", quantity: 4 });
    await page.goto(`${server.url}/app/marketplace/${listing.id}`);
    await page.getByRole("heading", { name: "Restored hand planes", level: 2 }).waitFor();
    await page.locator('button[aria-label="Increase quantity"]:not([disabled])').waitFor();
    const increase = page.getByRole("button", { name: "Increase quantity" });
    await increase.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Enter");
    expect(await page.getByLabel("Quantity (pieces)").inputValue()).toBe("4");
    // At the stock's limit it says so, and keeps the focus.
    expect(await increase.getAttribute("aria-disabled")).toBe("true");
    expect(await increase.evaluate((element) => element === document.activeElement)).toBe(true);
    const decrease = page.getByRole("button", { name: "Decrease quantity" });
    await decrease.focus();
    await page.keyboard.press("Enter");
    expect(await page.getByLabel("Quantity (pieces)").inputValue()).toBe("3");
    expect(await decrease.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errorsOf(page)).toEqual([]);
  });

  it("follows the profile editor: into the first field, and back to Edit Profile after saving", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/profile`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "INPUT" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.getByLabel("Bio").fill("Sorting since 2019.");
    const save = page.getByRole("button", { name: "Save" });
    await save.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Profile saved").waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "A", text: "Edit Profile" });
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("education: articles and courses", () => {
  it("moves from Start Learning to the course it opened", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/education`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const start = page
      .getByRole("listitem")
      .filter({ hasText: "Recycling Fundamentals" })
      .getByRole("button", { name: "Start Learning" });
    await start.focus();
    await page.keyboard.press("Enter");
    await page.getByText("You are enrolled in Recycling Fundamentals").waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "A", href: "/app/education/courses/1" });
    expect((await focused(page)).text).toMatch(/^Open course/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/app\/education\/courses\/1$/);
    expect(errorsOf(page)).toEqual([]);
  });
  it("opens an article from the hub, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await signedIn({ javaScriptEnabled });
      await page.goto(`${server.url}/app/education`);
      await page.getByRole("link", { name: "The carbon-to-nitrogen ratio, explained" }).click();
      await page.waitForURL(/\/app\/education\/articles\/2$/);
      await page.getByRole("heading", { name: "The carbon-to-nitrogen ratio, explained", level: 2 }).waitFor();
      await page
        .getByText(/sample article/i)
        .first()
        .waitFor();
      expect((await page.getByRole("article").textContent())!.length).toBeGreaterThan(1000);
      await page.getByRole("link", { name: "Back to the Education Hub" }).click();
      await page.waitForURL(/\/app\/education$/);
    }
  });

  it("records lesson progress on the course page with JavaScript, and keeps it", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/education`);
    await page.getByRole("link", { name: "Recycling Fundamentals" }).click();
    await page.waitForURL(/\/app\/education\/courses\/1$/);
    await page.getByRole("heading", { name: "Recycling Fundamentals", level: 2 }).waitFor();
    expect(await page.getByRole("list", { name: "Lessons" }).getByRole("listitem").count()).toBe(12);
    // Not enrolled yet: the course says how to start, and lessons cannot be marked.
    expect(await page.getByRole("button", { name: /^Mark as done/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Start Learning" }).click();
    await page.getByText("You are enrolled in Recycling Fundamentals").waitFor();
    await page.getByText("0 of 12 lessons done").waitFor();

    const first = page.getByRole("button", { name: /^Mark as done: 1\./ });
    await first.click();
    await page.getByText("1 of 12 lessons done").waitFor();
    const undo = page.getByRole("button", { name: /^Mark as not done: 1\./ });
    await undo.waitFor();
    expect(await undo.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: /^Mark as done: 2\./ }).click();
    await page.getByText("2 of 12 lessons done").waitFor();
    await page.reload();
    await page.getByText("2 of 12 lessons done").waitFor();
    expect(await page.getByRole("progressbar", { name: "Course progress" }).getAttribute("aria-valuenow")).toBe("2");
    await page.getByRole("button", { name: /^Mark as not done: 1\./ }).click();
    await page.getByText("1 of 12 lessons done").waitFor();
    await page.goto(`${server.url}/app/education`);
    await page.getByRole("link", { name: /^Open course: Recycling Fundamentals/ }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it("enrols in a course and records progress with plain forms", async () => {
    const { page } = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.url}/app/education`);
    await page
      .getByRole("listitem")
      .filter({ hasText: "Industrial Composting at Scale" })
      .getByRole("button", { name: "Start Learning" })
      .click();
    await page.waitForURL(/\/app\/education$/);
    await page.getByText("You are enrolled in Industrial Composting at Scale").waitFor();
    await page.getByRole("link", { name: /^Open course: Industrial Composting at Scale/ }).click();
    await page.waitForURL(/\/app\/education\/courses\/2$/);
    await page.getByText("0 of 24 lessons done").waitFor();
    await page.getByText("Free", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^Mark as done: 3\./ }).click();
    // The third lesson of the second sample course: its id follows the first course's twelve.
    await page.waitForURL(/\/app\/education\/courses\/2#lesson-15$/);
    await page.getByText("1 of 24 lessons done").waitFor();
    await page.getByRole("button", { name: /^Mark as not done: 3\./ }).waitFor();
  });
});

describe("settings and feed preferences", () => {
  it("saves the feed's categories, post types and location with JavaScript, checking them first", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(/\/app\/settings$/);
    await page.getByRole("link", { name: /Feed preferences/ }).click();
    await page.waitForURL(/\/app\/settings\/preferences$/);
    await page.getByRole("heading", { name: "Feed preferences", level: 2 }).waitFor();
    await page.getByRole("group", { name: "Categories" }).getByLabel("Composting").check();
    await page.getByRole("group", { name: "Categories" }).getByLabel("Food Waste").check();
    await page.getByRole("group", { name: "Post types" }).getByLabel("Tip").check();
    await page.getByLabel("Location").fill("Rotterdam");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Preferences saved").waitFor();
    const answer = await context.request.get(`${server.url}/api/users/preferences`);
    expect((await answer.json()).data.preferences).toEqual({
      categories: ["composting", "food_waste"],
      post_types: ["tip"],
      location: "Rotterdam",
    });
    await page.reload();
    expect(await page.getByRole("group", { name: "Categories" }).getByLabel("Composting").isChecked()).toBe(true);
    expect(await page.getByLabel("Location").inputValue()).toBe("Rotterdam");

    // The same rule as the API, checked before sending.
    await page.getByLabel("Location").evaluate((input) => input.removeAttribute("maxlength"));
    await page.getByLabel("Location").fill("x".repeat(101));
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Location must be at most 100 characters").waitFor();
    expect(await page.getByLabel("Location").getAttribute("aria-invalid")).toBe("true");
    expect(errorsOf(page)).toEqual([]);
  });

  it("saves preferences with a plain form and shows the server's errors", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.url}/app/settings/preferences`);
    await page.getByRole("group", { name: "Post types" }).getByLabel("Event").check();
    await page.getByLabel("Location").fill("Ghent");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.waitForURL(/\/app\/settings\/preferences$/);
    await page.getByText("Preferences saved").waitFor();
    const answer = await context.request.get(`${server.url}/api/users/preferences`);
    expect((await answer.json()).data.preferences).toEqual({ categories: [], post_types: ["event"], location: "Ghent" });
    expect(await page.getByRole("group", { name: "Post types" }).getByLabel("Event").isChecked()).toBe(true);
  });
});
