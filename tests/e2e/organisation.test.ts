import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { api, startServer, type TestServer } from "../support/server";

/** The organisation's settings in a real browser, with JavaScript on and off. */

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

for (const javaScriptEnabled of [true, false]) {
  describe(`the organisation settings with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("says a carrier's missing registration beside its field, then saves the organisation", async () => {
      const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/settings`);
      await page.getByRole("link", { name: /^Organisation/ }).click();
      await page.waitForURL(/\/app\/settings\/organisation$/);

      await page.getByLabel("Legal name", { exact: true }).fill("Leeds Pallet Runs Ltd");
      await page.getByLabel("Address", { exact: true }).fill("4 Canal Wharf, Leeds");
      await page.getByLabel("Postcode", { exact: true }).fill("LS11 5PS");
      await page.getByLabel("Country", { exact: true }).fill("GB");
      await page.getByLabel("SIC code", { exact: true }).fill("49410");
      await page.getByLabel(/^Carrier/).check();
      await page.getByRole("button", { name: "Save the organisation" }).click();
      await page.getByText("A carrier, broker or dealer needs its waste carrier registration number").waitFor();
      const registration = page.getByLabel("Waste carrier, broker or dealer registration", { exact: true });
      expect(await registration.getAttribute("aria-invalid")).toBe("true");
      expect((await api(server, "/api/users/organisation", { token: member.token })).json.organisation).toBeNull();

      // What was typed is still there.
      expect(await page.getByLabel("Legal name", { exact: true }).inputValue()).toBe("Leeds Pallet Runs Ltd");
      await registration.fill("CBDU98765");
      await page.getByRole("button", { name: "Save the organisation" }).click();
      await page.getByText("Organisation saved").first().waitFor();
      const saved = (await api(server, "/api/users/organisation", { token: member.token })).json.organisation;
      expect(saved).toMatchObject({ legal_name: "Leeds Pallet Runs Ltd", roles: ["carrier"], carrier_registration: "CBDU98765" });
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });
  });
}

describe("saving the organisation with JavaScript", () => {
  it("keeps the focus on the save button and the page where it was", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 375, height: 600 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/settings/organisation`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    await page.getByLabel("Legal name", { exact: true }).fill("Leeds Pallet Runs Ltd");
    await page.getByLabel("Address", { exact: true }).fill("4 Canal Wharf, Leeds");
    await page.getByLabel("Postcode", { exact: true }).fill("LS11 5PS");
    await page.getByLabel("Country", { exact: true }).fill("GB");
    await page.getByLabel("SIC code", { exact: true }).fill("38320");
    await page.getByLabel(/^Producer/).check();
    const save = page.getByRole("button", { name: "Save the organisation" });
    await save.focus();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    await page.getByText("Organisation saved").first().waitFor();
    const after = await page.evaluate(() => ({
      onBody: !document.activeElement || document.activeElement === document.body,
      text: document.activeElement?.textContent,
      scrollY: window.scrollY,
    }));
    expect(after.onBody).toBe(false);
    expect(after.text).toBe("Save the organisation");
    expect(after.scrollY).toBeGreaterThan(0);
    expect(errorsOf(page)).toEqual([]);
  });
});
