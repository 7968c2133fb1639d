import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings, sidewaysOverflow, type AxeFinding } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { addListing } from "../support/factories";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * The marketplace's filters on a 320 px phone: folded behind "Filters", so the first result is on
 * the first screen, for visitors and members alike; from 640 px they stand open. With and without
 * JavaScript (a <details> needs none).
 */
let server: TestServer;
let browser: Browser;
const PHONE = { width: 320, height: 568 };
let listingId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const seller = await registerMember(server);
  listingId = addListing(server, seller.id, { title: "Reclaimed oak beams", location: "Leeds" });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

async function expectFoldedOnPhone(page: Page) {
  const filters = page.locator("summary", { hasText: "Filters" });
  const category = page.getByLabel("Category");
  expect(await filters.isVisible()).toBe(true);
  expect(await category.isVisible()).toBe(false);
  // The search box stays, and the first result starts on the first screen.
  expect(await page.getByRole("searchbox", { name: "Search" }).isVisible()).toBe(true);
  const first = page.getByRole("article").first();
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(PHONE.height - 40);
  await filters.click();
  await category.waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("the marketplace's filters on a phone", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`fold behind Filters on the public marketplace at 320 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await newContext(browser, { viewport: PHONE, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/marketplace`);
      await expectFoldedOnPhone(page);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("fold behind Filters on the member marketplace at 320 px", async () => {
    const { context } = await signedInContext(browser, server, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/marketplace`);
    await expectFoldedOnPhone(page);
    expect(errorsOf(page)).toEqual([]);
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`open on a phone when the Near place is not found, its error in view (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context } = await signedInContext(browser, server, { viewport: PHONE, javaScriptEnabled });
      const page = await context.newPage();
      for (const pathname of ["/marketplace", "/app/marketplace"]) {
        // A member asking for the visitors' page is sent on to theirs: both pages are the member's here.
        await page.goto(`${server.url}${pathname}?near=Nowhereville`);
        const near = page.getByLabel("Near (postcode or town)");
        expect(await near.isVisible(), pathname).toBe(true);
        expect(await near.getAttribute("aria-invalid"), pathname).toBe("true");
        expect(await near.inputValue(), pathname).toBe("Nowhereville");
        const error = page.getByText('We could not find "Nowhereville". Give a UK postcode or a town.');
        expect(await error.isVisible(), pathname).toBe(true);
        const status = page.getByRole("status").filter({ hasText: "Showing" });
        expect(await status.textContent(), pathname).toMatch(
          /^We could not find "Nowhereville", so these results are not filtered by distance\. Showing \d+ of \d+ products$/,
        );
        // It folds again at the member's wish.
        await page.locator("summary", { hasText: "Filters" }).click();
        await near.waitFor({ state: "hidden" });
      }
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("open on a phone for a visitor when the Near place is not found, without JavaScript", async () => {
    const context = await newContext(browser, { viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/marketplace?near=Nowhereville`);
    expect(await page.getByLabel("Near (postcode or town)").isVisible()).toBe(true);
    expect(await page.getByText('We could not find "Nowhereville". Give a UK postcode or a town.').isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toMatch(
      /^We could not find "Nowhereville", so these results are not filtered by distance\. Showing \d+ of \d+ listings?$/,
    );
  });

  it("stand open without a Filters button on a desktop", async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/marketplace`);
    expect(await page.getByLabel("Category").isVisible()).toBe(true);
    expect(await page.locator("summary", { hasText: "Filters" }).isVisible()).toBe(false);
    // A filter applies from the open row once scripts run (React marks the nodes it hydrated):
    // a choice made before that is a plain form's, which waits for its button.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('select[name="category"]') ?? {}).some((key) => key.startsWith("__reactFiber")),
    );
    await page.getByLabel("Category").selectOption("wood");
    await page.waitForURL(/category=wood/);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("the public marketplace's pages", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`have no moderate, serious or critical axe finding at 320 and 1280 px, filters open and folded (${colorScheme})`, async () => {
      const found: Record<string, AxeFinding[]> = {};
      const overflow: Record<string, number> = {};
      for (const width of [320, 1280]) {
        const context = await newContext(browser, { bypassCSP: true, colorScheme, viewport: { width, height: 800 } });
        const page = await context.newPage();
        for (const pathname of ["/marketplace", `/marketplace/${listingId}`]) {
          await page.goto(server.url + pathname);
          const findings = await moderateAxeFindings(page);
          if (findings.length) found[`${pathname} at ${width}`] = findings;
          const by = await sidewaysOverflow(page);
          if (by > 0) overflow[`${pathname} at ${width}`] = by;
        }
        if (width === 320) {
          await page.goto(`${server.url}/marketplace`);
          await page.locator("summary", { hasText: "Filters" }).click();
          await page.getByLabel("Category").waitFor();
          const findings = await moderateAxeFindings(page);
          if (findings.length) found["/marketplace at 320, filters open"] = findings;
        }
        expect(errorsOf(page)).toEqual([]);
        await context.close();
      }
      expect(found).toEqual({});
      expect(overflow).toEqual({});
    });
  }
});
