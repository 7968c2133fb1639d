import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/**
 * The whole exchange between two members in a real browser, with JavaScript on and off: a seller
 * lists a thing with a photo, a buyer asks for part of it, the seller accepts, both confirm
 * completion, both review, and the seller's rating shows on the listing's card.
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

const PHOTO = path.resolve("db/seed-media/cargo-bike.png");

async function member(javaScriptEnabled: boolean) {
  const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
  return { page: await context.newPage(), member };
}

/** Opens a page and, with JavaScript, waits until its forms are hydrated (they add `_enhanced`). */
async function open(page: Page, pathname: string, javaScriptEnabled: boolean) {
  await page.goto(server.url + pathname);
  if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the exchange with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("lists, requests, accepts, completes and reviews; the rating shows on the card", async () => {
      const title = `Oak offcuts, kiln dried (${javaScriptEnabled ? "on" : "off"})`;
      const seller = await member(javaScriptEnabled);
      const buyer = await member(javaScriptEnabled);

      // The seller lists ten pieces at 12.50 each, with a photo.
      await open(seller.page, "/app/marketplace/new", javaScriptEnabled);
      await seller.page.getByLabel("For sale").check();
      await seller.page.getByLabel("Title").fill(title);
      await seller.page.getByLabel("Description").fill("Ten boards of oak, 40 cm each, from a joinery's offcut bin.");
      await seller.page.getByLabel("Category").selectOption("wood");
      await seller.page.getByLabel("Material").selectOption("wood");
      await seller.page.getByLabel("Condition").selectOption("used");
      await seller.page.getByLabel("Quantity").fill("10");
      await seller.page.getByLabel("Weight per piece (kg)").fill("2");
      await seller.page.getByLabel(/^Price per unit/).fill("12.50");
      await seller.page.getByLabel("Location").fill("Rotterdam");
      await seller.page.getByLabel("Photos").setInputFiles(PHOTO);
      await seller.page.getByRole("button", { name: "Publish listing" }).click();
      await seller.page.waitForURL(/\/app\/marketplace\/\d+$/);
      await seller.page.getByText("Your listing is live.").waitFor();
      await seller.page.getByRole("img", { name: `${title}, picture 1` }).waitFor();
      const listingPath = new URL(seller.page.url()).pathname;

      // The buyer finds it, and asks for three pieces with Buy Now.
      await open(buyer.page, `/app/marketplace?q=${encodeURIComponent("oak offcuts")}`, javaScriptEnabled);
      const card = buyer.page.getByRole("article").filter({ hasText: title });
      await card.getByText("No reviews yet").waitFor();
      await card.getByRole("link", { name: title, exact: true }).click();
      await buyer.page.waitForURL((url) => url.pathname === listingPath);
      if (javaScriptEnabled) await buyer.page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      await buyer.page.getByLabel(/^Quantity/).fill("3");
      await buyer.page.getByRole("button", { name: "Buy Now" }).click();
      await buyer.page.waitForURL(/\/app\/orders\/\d+$/);
      await buyer.page.getByText("Your request was sent; you will hear when it is answered.").waitFor();
      const orderPath = new URL(buyer.page.url()).pathname;
      expect(await buyer.page.getByText("$37.50").count()).toBeGreaterThan(0);

      // The seller accepts: the three pieces are reserved.
      await open(seller.page, orderPath, javaScriptEnabled);
      await seller.page.getByRole("button", { name: "Accept" }).click();
      await seller.page.getByText("You accepted the request; the quantity is reserved for it.").waitFor();
      await open(seller.page, listingPath, javaScriptEnabled);
      await seller.page.getByText("7 pieces of 10 pieces").first().waitFor();

      // Both confirm completion, the buyer first.
      await open(buyer.page, orderPath, javaScriptEnabled);
      await buyer.page.getByRole("button", { name: "Confirm completion" }).click();
      await buyer.page.getByText("You confirmed completion; the order completes when the seller confirms too.").waitFor();
      await open(seller.page, orderPath, javaScriptEnabled);
      await seller.page.getByRole("button", { name: "Confirm completion" }).click();
      await seller.page.getByText("Both of you confirmed: the order is completed.").waitFor();

      // Each reviews the other.
      for (const [party, stars, words] of [
        [buyer, "4 stars", "Good boards, one with a split as described."],
        [seller, "5 stars", "Came on time with a van, paid on collection."],
      ] as const) {
        await open(party.page, orderPath, javaScriptEnabled);
        await party.page.getByRole("radio", { name: stars, exact: true }).check();
        await party.page.getByLabel("How did the exchange go?").fill(words);
        await party.page.getByRole("button", { name: "Publish review" }).click();
        await party.page.getByText(words).first().waitFor();
        expect(await party.page.getByRole("button", { name: "Publish review" }).count()).toBe(0);
      }

      // The seller's rating, from the buyer's review, shows on the card.
      await open(buyer.page, `/app/marketplace?q=${encodeURIComponent("oak offcuts")}`, javaScriptEnabled);
      const rated = buyer.page.getByRole("article").filter({ hasText: title });
      await expect.poll(() => rated.getByText(/Rated\s*4\.0\s*out of 5/).count()).toBe(1);
      expect(await rated.getByText("(1 review)").count()).toBe(1);
      expect(await rated.getByText("7 pieces left", { exact: false }).count()).toBe(1);
      expect([...errorsOf(seller.page), ...errorsOf(buyer.page)]).toEqual([]);
    });
  });
}
