import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Issue 16 in the member area outside the community feed: the app shell (skip link, sticky
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
/** A listed product whose name and seller are 60-character words, first under Featured. */
function longProduct() {
  if (longProductId) return longProductId;
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    const images = (db.prepare("SELECT images FROM products ORDER BY id LIMIT 1").get() as { images: string }).images;
    longProductId = Number(
      db
        .prepare(
          `INSERT INTO products (slug, name, description, long_description, price_cents, original_price_cents, rating,
             reviews_count, images, seller, seller_rating, seller_reviews, category, sustainability, tags, stock_count, featured_rank)
           VALUES ('long-words', @name, @text, @text, 1000, 2000, 4.5, 3, @images, @seller, 4.8, 10, 'tools', 90, @tags, 5, 0)`,
        )
        .run({
          name: longWord("Werkzeugaufbewahrungssystem"),
          text: `Made of ${longWord("Polypropylenrezyklat")}.`,
          images,
          seller: longWord("Gebrauchtwarenhandel"),
          tags: JSON.stringify([longWord("tag")]),
        }).lastInsertRowid,
    );
  } finally {
    db.close();
  }
  return longProductId;
}

const memberPages = () => [
  "/app/dashboard",
  "/app/profile",
  "/app/profile?edit=1",
  "/app/marketplace",
  "/app/marketplace?view=list",
  `/app/marketplace/${longProduct()}`,
  "/app/education",
  "/app/education/articles/1",
  "/app/education/courses/1",
  "/app/settings",
  "/app/settings/preferences",
];

const dataTheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
const cookieOf = async (context: BrowserContext, name: string) => (await context.cookies(server.url)).find((cookie) => cookie.name === name);
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { tag: element?.tagName ?? "", id: element?.id ?? "", text: element?.textContent?.trim() ?? "", label: element?.getAttribute("aria-label") ?? "", href: element?.getAttribute("href") ?? "" };
  });
const detailsOpen = (page: Page, summaryText: string) =>
  page.locator("header details").filter({ has: page.locator("summary", { hasText: summaryText }) }).evaluate((element) => (element as HTMLDetailsElement).open);
const menuOpen = (page: Page) => page.locator('header details:has(> summary[aria-label="Menu"])').evaluate((element) => (element as HTMLDetailsElement).open);

/** Runs single axe rules, including experimental ones that seriousAxeFindings leaves out. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeRule(page: Page, rule: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (id) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: [id] }, resultTypes: ["violations"] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
  }, rule);
}

/** Spec §2: the greeting by the hour on the given clock. */
function greetingIn(timeZone: string, at = new Date()) {
  const hour = Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(at)) % 24;
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}
const dateIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone }).format(at);

/** A signed-in context on another clock (newContext has no time zone option). */
async function signedInAt(timezoneId: string) {
  const member = await registerMember(server);
  const context = await browser.newContext({ timezoneId, viewport: DESKTOP, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  await context.addCookies([{ name: "session", value: member.token, url: server.url }]);
  return { context, page: await context.newPage() };
}

describe("plural words", () => {
  it("say 1 day, 1 item, 1 product", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByText("1 day ago", { exact: true }).waitFor();
    expect(await page.getByText(/\b1 days\b/).count()).toBe(0);
    await page.goto(`${server.url}/app/marketplace?q=barrel`);
    await page.getByText("Showing 1 of 1 product", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect.poll(() => page.getByTestId("cart-count").locator("..").textContent()).toBe("Cart: 1 item");
  });
});

describe("focus after an action", () => {
  it("stays on Add to Cart, Buy Now and the quantity buttons", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/marketplace`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const first = page.getByRole("button", { name: /^Add to Cart: / }).first();
    await first.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Added 1 to your cart").waitFor();
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.goto(`${server.url}/app/marketplace?q=hand+tool`);
    await page.getByRole("link", { name: "Restored Hand Tool Set" }).click();
    await page.getByRole("heading", { name: "Restored Hand Tool Set", level: 2 }).waitFor();
    const increase = page.getByRole("button", { name: "Increase quantity" });
    await increase.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Enter");
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("4");
    // At the stock's limit it says so, and keeps the focus.
    expect(await increase.getAttribute("aria-disabled")).toBe("true");
    expect(await increase.evaluate((element) => element === document.activeElement)).toBe(true);

    const add = page.getByRole("button", { name: "Add to Cart", exact: true });
    await add.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Added 4 to your cart").waitFor();
    await page.getByText("All the stock is already in your cart.").waitFor();
    expect(await add.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await add.getAttribute("aria-disabled")).toBe("true");
    // Pressed again, it adds nothing and says why.
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("in-cart").textContent()).toBe("4");
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("education: articles and courses", () => {
  it("moves from Start Learning to the course it opened", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/app/education`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const start = page.getByRole("button", { name: "Start Learning" }).first();
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
      await page.getByText(/sample article/i).first().waitFor();
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

  it("enrols in a paid course and records progress with plain forms", async () => {
    const { page } = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${server.url}/app/education`);
    await page.getByRole("listitem").filter({ hasText: "Industrial Composting at Scale" }).getByRole("button", { name: "Enroll Now" }).click();
    await page.waitForURL(/\/app\/education$/);
    await page.getByText("You are enrolled in Industrial Composting at Scale").waitFor();
    await page.getByRole("link", { name: /^Open course: Industrial Composting at Scale/ }).click();
    await page.waitForURL(/\/app\/education\/courses\/2$/);
    await page.getByText("0 of 24 lessons done").waitFor();
    await page.getByText(/no payment/i).waitFor();
    await page.getByRole("button", { name: /^Mark as done: 3\./ }).click();
    await page.waitForURL(/\/app\/education\/courses\/2#lesson-3$/);
    await page.getByText("1 of 24 lessons done").waitFor();
    await page.getByRole("button", { name: /^Mark as not done: 3\./ }).waitFor();
  });
});

describe("settings and feed preferences", () => {
  it("saves the feed's categories, post types and location with JavaScript, checking them first", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/app/settings/preferences`);
    await page.getByRole("heading", { name: "Feed preferences", level: 2 }).waitFor();
    await page.getByRole("group", { name: "Categories" }).getByLabel("Composting").check();
    await page.getByRole("group", { name: "Categories" }).getByLabel("Food Waste").check();
    await page.getByRole("group", { name: "Post types" }).getByLabel("Tip").check();
    await page.getByLabel("Location").fill("Rotterdam");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Preferences saved").waitFor();
    const answer = await context.request.get(`${server.url}/api/users/preferences`);
    expect((await answer.json()).data.preferences).toEqual({ categories: ["composting", "food_waste"], post_types: ["tip"], location: "Rotterdam" });
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
