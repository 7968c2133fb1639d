import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { registerAdmin } from "../support/moderation";
import { startServer, type TestServer } from "../support/server";

/**
 * The site's settings page for admins in Chromium: each operator's page opens by its summary and
 * is viewed by a link beside it, never a control inside another (axe's nested-interactive), with
 * the sections closed and opened, at a phone's width and a desktop's.
 */

let server: TestServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

describe("/app/admin/site", () => {
  for (const width of [320, 1280]) {
    it(`has no serious or critical axe finding, its pages closed and open, and fits ${width} px`, async () => {
      const context = await newContext(browser, { bypassCSP: true, viewport: { width, height: 900 } });
      await context.addCookies([{ name: "session", value: admin.token, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/app/admin/site`);
      expect(await seriousAxeFindings(page)).toEqual([]);
      const summaries = page.locator("details > summary").filter({ hasText: /version|shipped text/ });
      expect(await summaries.count()).toBe(4);
      for (let i = 0; i < 4; i++) await summaries.nth(i).click();
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      // Each page is still a link away, named for it.
      await page.getByRole("link", { name: "View the Terms of Service page" }).waitFor();
      expect(await page.getByRole("link", { name: "View the Privacy Policy page" }).getAttribute("href")).toBe("/privacy");
      expect(errorsOf(page)).toEqual([]);
    });
  }
});
