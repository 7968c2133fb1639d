import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, launchBrowser, newContext, signedInContext } from "../support/browser";
import { addListing as insertListing } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

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

// Long words where members type them: the pages must still fit a 320 px phone.
const TITLE = "Reclaimed scaffolding boards, Polypropylenecopolymerisatbehälterdeckel edition";
const QUESTION = "Are the Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen boards still there?";

describe("questions before an order, with JavaScript and a keyboard", () => {
  it("asks from the listing's page, answers, and turns the thread into an order, fitting 320, 375 and 1280 px", async () => {
    const { context } = await signedInContext(browser, server, {
      viewport: { width: 320, height: 800 },
      bypassCSP: true,
    });
    const owner = await registerMember(server);
    const listingId = insertListing(server, owner.id, { title: TITLE, quantity: 40, price_cents: 650 });

    const page = await context.newPage();
    await page.goto(`${server.url}/app/marketplace/${listingId}`);
    const field = page.getByLabel("Your question");
    await field.focus();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    // The question sent leads to its thread.
    await page.waitForURL(/\/app\/enquiries\/\d+$/);
    const enquiryId = Number(page.url().split("/").at(-1));
    await page.getByText(QUESTION).waitFor();

    await api(server, `/api/enquiries/${enquiryId}/messages`, {
      method: "POST",
      token: owner.token,
      body: { body: "Yes, all 40." },
      headers: { "x-forwarded-for": owner.address },
    });
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const pathname of [`/app/enquiries/${enquiryId}`, "/app/enquiries", `/app/marketplace/${listingId}`]) {
        await page.goto(server.url + pathname);
        expect(await moderateAxeFindings(page), `${pathname} at ${width} px`).toEqual([]);
        expect(await sidewaysOverflow(page), `${pathname} at ${width} px`).toBe(0);
        if (process.env.ENQUIRY_SCREENSHOTS) {
          await page.screenshot({
            path: `${process.env.ENQUIRY_SCREENSHOTS}/${pathname.replaceAll("/", "_")}-${width}.png`,
            fullPage: true,
          });
        }
      }
    }

    await page.goto(`${server.url}/app/enquiries/${enquiryId}`);
    await page.getByText("Yes, all 40.").waitFor();
    await page.getByLabel(/^Quantity/).fill("4");
    const send = page.getByRole("button", { name: "Request an order from this conversation" });
    await send.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/app\/orders\/\d+$/);
    await page.getByText(QUESTION).waitFor();
    await page.getByText("Yes, all 40.").waitFor();

    // The owner sees the thread on the listing's page.
    const ownerContext = await newContext(browser, { viewport: { width: 320, height: 800 }, bypassCSP: true });
    await ownerContext.addCookies([{ name: "session", value: owner.token, url: server.url }]);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${server.url}/app/marketplace/${listingId}`);
    await ownerPage.getByRole("heading", { name: "Questions from members" }).waitFor();
    expect(await ownerPage.getByRole("link", { name: /asked$/ }).count()).toBe(1);
    expect(await moderateAxeFindings(ownerPage)).toEqual([]);
    expect(await sidewaysOverflow(ownerPage)).toBe(0);
    if (process.env.ENQUIRY_SCREENSHOTS) {
      await ownerPage.screenshot({ path: `${process.env.ENQUIRY_SCREENSHOTS}/owner-listing-320.png`, fullPage: true });
    }
  });
});
