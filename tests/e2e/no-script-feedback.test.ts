import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * What a member without JavaScript sees after sending a form: the flash message sits in the page's
 * flow (never over a control) and closes by a plain link; a refused form low on a long page comes
 * back with its error summary on screen and focused.
 */

let server: TestServer;
let browser: Browser;
let seller: Awaited<ReturnType<typeof registerMember>>;
const PHONE = { width: 390, height: 640 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  seller = await registerMember(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

/** A member whose cart holds `lines` listings, on a phone (without JavaScript unless asked), at the cart page. */
async function cartPage(lines: number, javaScriptEnabled = false): Promise<Page> {
  const { context, member } = await signedInContext(browser, server, { javaScriptEnabled, viewport: PHONE });
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    for (let line = 1; line <= lines; line++) {
      const listing = db
        .prepare(
          `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
             weight_per_unit_kg, price_cents, quantity_left, location, handover)
           VALUES (?, 'sale', ?, 'Described.', 'plastics', 'plastics', 'used', 5, 'piece', 2, 1250, 5, 'Ghent', 'collection')`,
        )
        .run(seller.id, `Crate lot ${line}`).lastInsertRowid;
      db.prepare("INSERT INTO cart_lines (user_id, listing_id, quantity) VALUES (?, ?, 1)").run(member.id, listing);
    }
  } finally {
    db.close();
  }
  const page = await context.newPage();
  await page.goto(`${server.url}/app/cart`);
  return page;
}

/** Whether the element starts below the first screenful of its page: the page had to scroll to it. */
const belowTheFirstScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top + window.scrollY > window.innerHeight);

/** Whether the element's box lies within the viewport. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe("without JavaScript", () => {
  it("shows the flash in the page's flow, not over a control, and closes it by a link", async () => {
    const page = await cartPage(1);
    await page.getByRole("button", { name: "Update the quantity of Crate lot 1" }).click();
    await page.waitForURL(/\/app\/cart$/);
    const flash = page.getByRole("status").filter({ hasText: "Your cart now holds" });
    await flash.waitFor();
    expect(await flash.evaluate((element) => getComputedStyle(element).position)).toBe("static");

    // The button at the foot of the screen, where a fixed toast would sit, takes the click.
    const send = page.getByRole("button", { name: "Send requests" });
    await send.evaluate((element) => element.scrollIntoView({ block: "end" }));
    const hit = await send.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    });
    expect(hit).toBe(true);

    await flash.getByRole("link", { name: /^Dismiss/ }).click();
    await flash.waitFor({ state: "hidden" });
    expect(await page.getByRole("button", { name: "Send requests" }).isVisible()).toBe(true);
  });

  it("brings a refused form low on a long page back with its error summary on screen and focused", async () => {
    const page = await cartPage(6);
    const message = page.getByLabel("Message to the sellers (optional)");
    // The field's maxlength stops a browser; the server must answer what a client sends anyway.
    await message.evaluate((element) => element.removeAttribute("maxlength"));
    await message.fill("x".repeat(2001));
    await page.getByRole("button", { name: "Send requests" }).click();
    const summary = page.locator("[data-error-summary]");
    await summary.getByText("There is a problem").waitFor();
    expect(await belowTheFirstScreen(page, "[data-error-summary]")).toBe(true);
    expect(await onScreen(page, "[data-error-summary]")).toBe(true);
    expect(await summary.evaluate((element) => document.activeElement === element)).toBe(true);
    expect(await summary.getAttribute("role")).toBe("alert");

    // Its link leads to the field with the problem.
    const link = summary.getByRole("link", { name: "The message must be at most 2000 characters" });
    expect(await link.getAttribute("href")).toBe("#checkout-message");
    await link.click();
    expect(await onScreen(page, "#checkout-message")).toBe(true);
    expect(errorsOf(page)).toEqual([]);
  });

  it("brings a refused edit at the foot of a listing's page back on its summary, which says to use a point", async () => {
    const { context, member } = await signedInContext(browser, server, { javaScriptEnabled: false, viewport: PHONE });
    const db = new Database(path.join(server.dataDir, "app.db"));
    const listing = db
      .prepare(
        `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
           weight_per_unit_kg, price_cents, quantity_left, location, handover)
         VALUES (?, 'sale', 'Baled cardboard', 'Dry, strapped bales.', 'paper', 'paper', 'used', 40, 'kg', NULL, 0, 40, 'Ghent', 'collection')`,
      )
      .run(member.id).lastInsertRowid;
    db.close();
    const page = await context.newPage();
    await page.goto(`${server.url}/app/marketplace/${listing}`);
    await page.getByText("Edit listing").click();
    await page.locator("#edit-quantity").fill("1,5");
    await page.getByRole("button", { name: "Save changes" }).click();
    const summary = page.locator("[data-error-summary]");
    await summary.getByText("There is a problem").waitFor();
    expect(await belowTheFirstScreen(page, "[data-error-summary]")).toBe(true);
    expect(await onScreen(page, "[data-error-summary]")).toBe(true);
    expect(await summary.evaluate((element) => document.activeElement === element)).toBe(true);
    expect(await summary.getByRole("link", { name: /^Use a point for decimals/ }).getAttribute("href")).toBe("#edit-quantity");
  });
});

describe("with JavaScript", () => {
  it("shows the same summary for a refused checkout and focuses the field it names first", async () => {
    const page = await cartPage(3, true);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const message = page.getByLabel("Message to the sellers (optional)");
    await message.evaluate((element) => element.removeAttribute("maxlength"));
    await message.fill("x".repeat(2001));
    await page.getByRole("button", { name: "Send requests" }).click();
    const summary = page.locator("[data-error-summary]");
    await summary.getByRole("link", { name: "The message must be at most 2000 characters" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("checkout-message");
    expect(errorsOf(page)).toEqual([]);
  });
});
