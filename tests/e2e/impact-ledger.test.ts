import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

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

// A long note with a long word: the pages must still fit a 320 px phone.
const NOTE =
  "Collected from the Polypropylenecopolymerisatbehälterdeckelsammelstelle behind the depot, weighed on the yard scale twice.";

async function fitsAndPassesAxe(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
}

describe("the impact ledger with JavaScript on a 320 px phone", () => {
  it("records a load with a toast, shows it, edits it and deletes it, with no accessibility failures", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 320, height: 700 }, bypassCSP: true });
    const page = await context.newPage();

    await page.goto(`${server.url}/app/impact`);
    await page.getByRole("heading", { level: 3, name: "Your ledger is empty" }).waitFor();
    await fitsAndPassesAxe(page);

    await page.getByRole("link", { name: "Record your first load" }).click();
    await page.getByRole("heading", { level: 2, name: "Record a load" }).waitFor();
    await fitsAndPassesAxe(page);

    await page.getByLabel("Date").fill("2025-05-20");
    await page.getByLabel("Weight (kg)").fill("-4");
    await page.getByLabel("Material").selectOption("paper");
    await page.getByLabel("What happened to it").selectOption("recycled");
    await page.getByLabel("Revenue", { exact: true }).check();
    await page.getByLabel(/^Amount/).fill("42.10");
    await page.getByLabel("Note (optional)").fill(NOTE);
    await page.getByRole("button", { name: "Record load" }).click();
    // Refused: the summary links to the field, its message beside it, the field focused, what was typed kept.
    await page.getByRole("link", { name: "The weight must be above zero" }).waitFor();
    await page.locator("#entry-weight-error").getByText("The weight must be above zero").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("weight_kg");
    expect(await page.getByLabel("Note (optional)").inputValue()).toBe(NOTE);
    await fitsAndPassesAxe(page);

    await page.getByLabel("Weight (kg)").fill("640.5");
    await page.getByRole("button", { name: "Record load" }).click();
    await page
      .getByRole("list", { name: "Messages" })
      .getByText(/Load recorded: [\d,.]+ kg CO2e avoided\./)
      .waitFor();
    await page.waitForURL(`${server.url}/app/impact`);
    await page.getByText("Showing 1–1 of 1 entry").waitFor();
    await page.getByRole("heading", { level: 3, name: "Paper and cardboard: recycled" }).waitFor();
    expect(await page.getByText("640.5 kg").isVisible()).toBe(true);
    expect(await page.getByText("Self-reported").isVisible()).toBe(true);
    expect(await page.getByText("$42.10").isVisible()).toBe(true);
    await fitsAndPassesAxe(page);

    await page.getByRole("link", { name: /^Edit the entry of May 20, 2025$/ }).click();
    await page.getByRole("heading", { level: 2, name: "Edit the entry of May 20, 2025" }).waitFor();
    expect(await page.getByLabel("Weight (kg)").inputValue()).toBe("640.5");
    await fitsAndPassesAxe(page);
    await page.getByLabel("Weight (kg)").fill("700");
    await page.getByLabel("Cost", { exact: true }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page
      .getByRole("list", { name: "Messages" })
      .getByText(/Entry updated/)
      .waitFor();
    await page.waitForURL(`${server.url}/app/impact`);
    await page.getByText("700 kg").waitFor();
    expect(await page.getByText("Cost", { exact: true }).isVisible()).toBe(true);

    await page.getByRole("link", { name: /^Edit the entry of/ }).click();
    await page.getByRole("link", { name: "Delete entry…" }).click();
    await page.getByRole("heading", { level: 2, name: "Delete this entry?" }).waitFor();
    await fitsAndPassesAxe(page);
    await page.getByRole("button", { name: "Delete entry" }).click();
    await page.getByRole("list", { name: "Messages" }).getByText("Entry deleted.").waitFor();
    await page.getByRole("heading", { level: 3, name: "Your ledger is empty" }).waitFor();

    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });
});
