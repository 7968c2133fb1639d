import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { api, startServer, type TestServer } from "../support/server";

/**
 * The saved searches' page in Chromium: a long name and what the search finds read across a
 * phone's width, the controls below them; deleting one with JavaScript leaves the keyboard's focus
 * in the list rather than on the page's body.
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

/** A word of 45 letters without a break, in a name of 60 characters: what members write. */
const WORD = "Polyethyleneterephthalatebottlereprocessingxx";
const LONG_NAME = `Maximilian ${WORD} Ltd`;

async function memberWithSearches(options: Parameters<typeof signedInContext>[2], names: string[]) {
  const signedIn = await signedInContext(browser, server, options);
  for (const name of names) {
    const saved = await api(server, "/api/saved-searches", {
      method: "POST",
      token: signedIn.member.token,
      headers: { "x-forwarded-for": signedIn.member.address },
      body: { name, query: { search: `${WORD} bales`, material: "plastics" }, alert: "daily" },
    });
    expect(saved.status).toBe(201);
  }
  return signedIn;
}

describe("/app/saved-searches", () => {
  for (const width of [320, 375]) {
    it(`reads a long name across the phone at ${width} px, the controls below it`, async () => {
      expect(LONG_NAME).toHaveLength(60);
      const { context } = await memberWithSearches({ viewport: { width, height: 800 } }, [LONG_NAME]);
      const page = await context.newPage();
      await page.goto(`${server.url}/app/saved-searches`);
      // The first: the buttons' hidden words name it too.
      const name = page.getByText(LONG_NAME, { exact: true }).first();
      const row = page.getByRole("listitem").filter({ has: name });
      const [nameBox, rowBox, alertBox] = await Promise.all([
        name.boundingBox(),
        row.boundingBox(),
        row.getByLabel(/^Alert/).boundingBox(),
      ]);
      // The name takes the row's width (not a letter a line beside the controls) and the alert sits below it.
      expect(nameBox!.width).toBeGreaterThan(rowBox!.width * 0.9);
      expect(nameBox!.height).toBeLessThan(100);
      expect(alertBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("keeps the focus in the list once a search is deleted with JavaScript, then on the heading once none is left", async () => {
    const { context } = await memberWithSearches({}, ["Metals near Leeds", "Pallets"]);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/saved-searches`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const rows = page
      .getByRole("list")
      .filter({ has: page.getByRole("button", { name: /^Delete/ }) })
      .getByRole("listitem");
    expect(await rows.count()).toBe(2);

    const first = page.getByRole("button", { name: "Delete Metals near Leeds" });
    await first.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count()).toBe(1);
    const focused = () =>
      page.evaluate(() => ({
        body: document.activeElement === document.body || document.activeElement === null,
        text: document.activeElement?.textContent ?? "",
      }));
    let now = await focused();
    expect(now.body).toBe(false);
    expect(now.text).toContain("Pallets");
    // The row went with the fetcher that sent it: the page says the search went.
    await page.getByText("Saved search deleted.").waitFor();

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("alert");

    const last = page.getByRole("button", { name: "Delete Pallets" });
    await last.focus();
    await page.keyboard.press("Enter");
    await page.getByText("No saved searches yet.").waitFor();
    now = await focused();
    expect(now.body).toBe(false);
    expect(now.text).toBe("Saved searches");
    expect(errorsOf(page)).toEqual([]);
  });
});
