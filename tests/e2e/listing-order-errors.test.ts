import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings } from "../support/a11y";
import { withDatabase } from "../support/database";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { addListing } from "../support/factories";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * The order form of a listing's page refused with JavaScript on: the message under the field at
 * fault, the field marked invalid and focused, what was typed kept, the page not left.
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

/** Opens the listing's page and waits until it runs (the quantity's stepper works once hydrated). */
async function openListing(page: Page, listingId: number) {
  await page.goto(`${server.url}/app/marketplace/${listingId}`);
  await page.locator('button[aria-label="Increase quantity"]:not([disabled])').waitFor();
}

/** The focused element's id, and the field's state as a screen reader meets it. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
async function fieldState(page: Page, id: string) {
  const field = page.locator(`#${id}`);
  return {
    invalid: await field.getAttribute("aria-invalid"),
    describedBy: await field.getAttribute("aria-describedby"),
    value: await field.inputValue(),
  };
}

describe("a listing's order form refused, with JavaScript", () => {
  it("puts a refused offer under the offer field, focused, the offer kept", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 375, height: 800 }, bypassCSP: true });
    const seller = await registerMember(server);
    const listingId = addListing(server, seller.id, { title: "Copper cable drums", quantity: 4, price_cents: 1500 });
    const page = await context.newPage();
    await openListing(page, listingId);

    await page.getByLabel(/^Your offer per piece/).fill("15");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const message = page.locator("#offer-price-error");
    await message.waitFor();
    expect(await message.textContent()).toMatch(/below the asking price/);
    expect(await fieldState(page, "offer-price")).toEqual({
      invalid: "true",
      describedBy: "offer-price-error offer-price-hint",
      value: "15",
    });
    await page.waitForFunction(() => document.activeElement?.id === "offer-price");
    expect(page.url()).toBe(`${server.url}/app/marketplace/${listingId}`);
    expect(await page.locator("#quantity").getAttribute("aria-invalid")).toBeNull();

    // Fixed, it goes: the request is sent and its page shown.
    await page.getByLabel(/^Your offer per piece/).fill("12.50");
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.waitForURL(/\/app\/orders\/\d+$/);
    expect(errorsOf(page)).toEqual([]);
  });

  it("puts a quantity above what is left under the quantity, focused, the number kept", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 375, height: 800 }, bypassCSP: true });
    const seller = await registerMember(server);
    const listingId = addListing(server, seller.id, { title: "Stacking chairs", quantity: 3, price_cents: 1500 });
    const page = await context.newPage();
    await openListing(page, listingId);

    // Someone else's order took two while the page was open.
    withDatabase(server, (db) => db.prepare("UPDATE listings SET quantity_left = 1 WHERE id = ?").run(listingId));
    await page.getByLabel(/^Quantity/).fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const message = page.locator("#quantity-error");
    await message.waitFor();
    expect(await message.textContent()).toBe("Only 1 piece left.");
    expect(await fieldState(page, "quantity")).toEqual({ invalid: "true", describedBy: "quantity-error", value: "2" });
    await page.waitForFunction(() => document.activeElement?.id === "quantity");
    expect(await focusedId(page)).toBe("quantity");
    expect(await page.getByText("There is a problem").count()).toBe(1);
    // Nothing axe finds is about the form's refusal (the seller's links have a target-size finding of their own).
    const findings = await moderateAxeFindings(page);
    expect(
      findings.filter((finding) => finding.targets.some((target) => /quantity|offer-price|error-summary/.test(target))),
    ).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
  });
});
