import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COLOUR_RULES, moderateAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { registerAdmin } from "../support/moderation";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The frame of every page as members meet it at 320, 375 and 1280 px when an admin gives the site
 * the longest name it takes, one word of it 45 letters long: the name wraps, or where it has one
 * line it is cut with an ellipsis and shown whole on hover, and no page scrolls sideways. Also
 * the member area's header menus on a short phone: the bell's popover and the menu (☰) stay
 * inside the screen and scroll on their own, so their last links can be reached.
 */

let server: TestServer;
let browser: Browser;

/** 60 characters, the most a site name may have (MAX_SITE_NAME), with a 45-letter word. */
const WORD45 = "Kreislaufwirtschaftsverwertungsgenossenschaft";
const SITE_NAME = `An ${WORD45} of Teesside`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await registerAdmin(server);
  const saved = await api(server, "/api/admin/site", {
    method: "PUT",
    token: admin.token,
    headers: { "x-forwarded-for": admin.address },
    body: {
      name: SITE_NAME,
      tagline: "",
      contact_email: "",
      reply_to: "",
      brand_colour: null,
      about: "",
      mail_footer: "",
      landing: { show_demo: true, show_testimonials: true, counters: null },
    },
  });
  expect(saved.status, saved.text).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

const WIDTHS = [320, 375, 1280];
/** A member's name that wraps the phone header's greeting onto more lines (the header grows). */
const LONG_MEMBER_NAME = "Maximiliana-Wolkenstein-Rodeck";

/** Where a screenshot of each state goes when SITE_NAME_SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string, fullPage = false) {
  const folder = process.env.SITE_NAME_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name.replace(/[^a-z0-9-]+/gi, "_")}.png`, fullPage });
}

/**
 * The site names shown on the page that are cut without an ellipsis: past the screen's edge, or
 * past the edge of a box that clips them (the side panel), without text-overflow and a title
 * holding the whole name.
 */
function namesCut(page: Page, name: string) {
  return page.evaluate((name) => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('[data-testid="site-name"]')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || getComputedStyle(element).visibility === "hidden") continue; // left to screen readers
      const ellipsis = getComputedStyle(element).textOverflow === "ellipsis" && element.title === name;
      if (element.scrollWidth > element.clientWidth && !ellipsis) cut.push(`${element.textContent} overflows its box`);
      if (box.left < 0 || box.right > document.documentElement.clientWidth) cut.push(`${element.textContent} leaves the screen`);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === "visible") continue;
        const clip = parent.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          cut.push(`${element.textContent} cut by ${parent.tagName}`);
      }
      if (element.textContent !== name) cut.push(`${element.textContent} is not the whole name`);
    }
    return cut;
  }, name);
}

/** The box of an element against the screen's: what sticks out, empty when it is inside. */
async function outsideScreen(page: Page, selector: string) {
  const viewport = page.viewportSize()!;
  const box = (await page.locator(selector).boundingBox())!;
  const outside: string[] = [];
  if (box.x < 0) outside.push(`left ${box.x}`);
  if (box.x + box.width > viewport.width + 0.5) outside.push(`right ${box.x + box.width} > ${viewport.width}`);
  if (box.y < 0) outside.push(`top ${box.y}`);
  if (box.y + box.height > viewport.height + 0.5) outside.push(`bottom ${box.y + box.height} > ${viewport.height}`);
  return outside;
}

describe("a 60-character site name with a 45-letter word", () => {
  const publicPages = ["/", "/auth/login", "/auth/register", "/terms", "/marketplace"];

  for (const width of WIDTHS) {
    it(`never makes a page scroll sideways at ${width} px, and is never cut without an ellipsis`, async () => {
      const context = await newContext(browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const pathname of publicPages) {
        expect((await page.goto(server.url + pathname))?.status(), pathname).toBe(200);
        expect(await sidewaysOverflow(page), `${pathname} at ${width} px`).toBe(0);
        expect(await namesCut(page, SITE_NAME), `${pathname} at ${width} px`).toEqual([]);
        await shoot(page, `${pathname}-${width}`, true);
      }
      const { context: memberContext } = await signedInContext(browser, server, { viewport: { width, height: 800 } });
      const member = await memberContext.newPage();
      for (const pathname of ["/app/dashboard", "/app/saved-searches"]) {
        expect((await member.goto(server.url + pathname))?.status(), pathname).toBe(200);
        expect(await sidewaysOverflow(member), `${pathname} at ${width} px`).toBe(0);
        expect(await namesCut(member, SITE_NAME), `${pathname} at ${width} px`).toEqual([]);
        await shoot(member, `${pathname}-${width}`);
      }
      expect([...errorsOf(page), ...errorsOf(member)]).toEqual([]);
    });
  }

  it("leaves the landing header's sign-in and sign-up on screen at 1280 px", async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url + "/");
    const header = page.getByRole("banner");
    for (const name of ["Login", "Get Started", "Visit Marketplace"]) {
      const box = (await header.getByRole("link", { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(1280);
    }
    for (const menu of await header.locator("summary:visible").all()) {
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width, (await menu.textContent()) ?? "").toBeLessThanOrEqual(1280);
    }
    // The brand keeps its whole name for a screen reader and on hover.
    expect(await header.getByRole("link", { name: SITE_NAME }).count()).toBe(1);
  });

  it("keeps the landing footer's name on its dark background at 320 px (colour contrast)", async () => {
    const context = await newContext(browser, {
      viewport: { width: 320, height: 700 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(server.url + "/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await moderateAxeFindings(page, { rules: COLOUR_RULES })).toEqual([]);
  });

  it("titles the member header with the site's name on a page without a title of its own", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url + "/app/saved-searches");
    const title = page.getByRole("banner").getByRole("heading", { level: 1 });
    expect(await title.textContent()).toBe(SITE_NAME);
    expect(await title.getAttribute("title")).toBe(SITE_NAME);
    // As the side panel and the browser's tab name it.
    expect(await page.title()).toContain(SITE_NAME);
    await shoot(page, "saved-searches-1280");
  });
});

/** Gives a member a long name through the profile form, so the phone header's greeting wraps. */
async function giveLongName(token: string) {
  const response = await fetch(`${server.url}/app/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `session=${token}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: LONG_MEMBER_NAME, bio: "", location: "", company: "", website: "", phone: "" }),
  });
  expect(response.status).toBe(302);
}

describe("the member header's menus on a phone", () => {
  for (const { width, height } of [
    { width: 320, height: 568 },
    { width: 320, height: 640 },
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    it(`keep the bell's popover inside a ${width}×${height} screen, scrolling to its last link by keyboard`, async () => {
      const { context, member } = await signedInContext(browser, server, { viewport: { width, height } });
      await giveLongName(member.token);
      // Six members of long names follow: the popover lists six notifications of two lines each.
      for (let i = 0; i < 6; i++) {
        const follower = await registerMember(server);
        await giveLongName(follower.token);
        const followed = await api(server, `/api/users/${member.id}/follow`, {
          method: "POST",
          body: {},
          token: follower.token,
          headers: { "x-forwarded-for": follower.address },
        });
        expect(followed.status).toBe(200);
      }
      const page = await context.newPage();
      await page.goto(`${server.url}/app/dashboard`);
      await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      const banner = page.getByRole("banner");
      await banner.locator("summary", { hasText: "Notifications" }).click();
      const popover = banner.locator("details[open] > div");
      await popover
        .getByRole("link", { name: /started following you/ })
        .first()
        .waitFor();
      expect(await popover.getByRole("link", { name: /started following you/ }).count()).toBe(6);
      expect(await outsideScreen(page, "header details[open] > div")).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      // On a 320 px phone they do not fit under the header: the popover scrolls on its own.
      if (width === 320) expect(await popover.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await shoot(page, `bell-${width}x${height}`);

      // By keyboard, from the bell through every notification to See all, which scrolls into view.
      const seeAll = popover.getByRole("link", { name: "See all" });
      for (let i = 0; i < 20 && !(await seeAll.evaluate((link) => link === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      expect(await seeAll.evaluate((link) => link === document.activeElement)).toBe(true);
      const box = (await seeAll.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await shoot(page, `bell-${width}x${height}-see-all`);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/app\/notifications$/);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`keep the menu (☰) inside a 320×568 screen with a tall header, Sign Out reachable (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const viewport = { width: 320, height: 568 };
      const { context, member } = await signedInContext(browser, server, { viewport, javaScriptEnabled });
      await giveLongName(member.token);
      const page = await context.newPage();
      await page.goto(`${server.url}/app/dashboard`);
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      // The greeting wraps: the header is far taller than one line of title.
      expect((await page.getByRole("banner").boundingBox())!.height).toBeGreaterThan(100);
      await page.getByLabel("Menu").click();
      expect(await outsideScreen(page, "#side-panel")).toEqual([]);
      await shoot(page, `menu-320x568-${javaScriptEnabled ? "js" : "nojs"}`);

      // Scrolled to its end, the panel shows Settings and Sign Out inside the screen.
      await page.locator("#side-panel").evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
      for (const control of [
        page.getByRole("banner").getByRole("link", { name: "Settings" }),
        page.getByRole("banner").getByRole("button", { name: "Sign Out" }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      await shoot(page, `menu-320x568-${javaScriptEnabled ? "js" : "nojs"}-end`);

      // And by keyboard from the top: Tab reaches Sign Out, shown as it gets focus.
      await page.locator("#side-panel").evaluate((panel) => panel.scrollTo(0, 0));
      const signOut = page.getByRole("banner").getByRole("button", { name: "Sign Out" });
      await page.getByLabel("Menu").focus();
      for (let i = 0; i < 30 && !(await signOut.evaluate((button) => button === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      expect(await signOut.evaluate((button) => button === document.activeElement)).toBe(true);
      const box = (await signOut.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(errorsOf(page)).toEqual([]);
    });
  }
});
