import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

// The waste code picker on /app/waste-codes as members meet it: on a 320 px phone with axe in
// both themes, without JavaScript (the form reloads the page) and with it (results follow the
// typing), by keyboard alone.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterEach(async () => {
  await closeContexts(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 320, height: 800 };

describe("/app/waste-codes", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`fits 320 px with no axe finding, attribution shown (${colorScheme})`, async () => {
      const { context } = await signedInContext(browser, server, { bypassCSP: true, viewport: PHONE, colorScheme });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/waste-codes?search=soil+stones`);
      expect(await page.getByRole("status").textContent()).toBe("7 codes found");
      expect(await page.getByTestId("waste-codes-attribution").textContent()).toContain("Open Government Licence v3.0");
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await moderateAxeFindings(page)).toEqual([]);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("searches without JavaScript: the form reloads the page with the results", async () => {
    const { context } = await signedInContext(browser, server, { javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/waste-codes`);
    expect(await page.getByRole("banner").getByText("Waste codes", { exact: true }).count()).toBe(1);
    await page.getByLabel("Words or code").fill("17 05 03");
    await page.getByLabel("Hazardous").selectOption("true");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/search=17\+05\+03/);
    expect(await page.getByRole("status").textContent()).toBe("1 code found");
    expect(await page.getByRole("listitem").filter({ hasText: "17 05 03*" }).textContent()).toContain(
      "soil and stones containing hazardous substances",
    );
  });

  it("with JavaScript, the results follow the typing, by keyboard alone", async () => {
    const { context } = await signedInContext(browser, server, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/waste-codes`);
    // The count becomes a live region once the page is hydrated: typing before then is lost.
    await page.locator('[role="status"][aria-live="polite"]').waitFor();
    const search = page.getByLabel("Words or code");
    await search.focus();
    await page.keyboard.type("garden soil");
    await page.getByRole("status").filter({ hasText: "1 code found" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("listitem").filter({ hasText: "20 02 02" }).textContent()).toContain("soil and stones");
    expect(page.url()).not.toContain("search=");
    expect(errorsOf(page)).toEqual([]);
  });
});
