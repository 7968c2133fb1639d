import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COLOUR_RULES, moderateAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { registerAdmin } from "../support/moderation";
import { api, startServer, type TestServer } from "../support/server";

/**
 * The frame of every page as members meet it at 320, 375 and 1280 px when an admin gives the site
 * the longest name it takes, one word of it 45 letters long: the name wraps, or where it has one
 * line it is cut with an ellipsis and shown whole on hover, and no page scrolls sideways.
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
