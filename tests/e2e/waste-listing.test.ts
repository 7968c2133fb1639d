import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { api, startServer, type TestServer } from "../support/server";

// A waste listing as a member with an organisation writes it on a 320 px phone with JavaScript:
// the picker beside the form finds codes as they type, "Add" puts one in the form without a
// reload, and the published listing shows its waste details with the List of Waste's attribution.
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

describe("a waste listing with JavaScript", () => {
  it("chooses a code as the member types, publishes, and shows the waste details", async () => {
    const { context, member } = await signedInContext(browser, server, { bypassCSP: true, viewport: PHONE });
    const saved = await api(server, "/api/users/organisation", {
      method: "PUT",
      token: member.token,
      body: {
        legal_name: "Leeds Glass Works Ltd",
        address: "2 Kiln Row",
        postcode: "LS2 7EY",
        country: "GB",
        sic_code: "23130",
        roles: ["producer"],
      },
    });
    expect(saved.status).toBe(200);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/marketplace/new`);
    await page.locator('[role="status"][aria-live="polite"]').waitFor();
    await page.getByLabel("For sale").check();
    await page.getByLabel("Title").fill("Clear glass bottles");
    await page.getByLabel("Description", { exact: true }).fill("Rinsed clear bottles from our bar.");
    await page.getByLabel("Category").selectOption("glass");
    await page.getByLabel("Material").selectOption("glass");
    await page.getByLabel("Condition").selectOption("scrap");
    await page.getByLabel("Quantity", { exact: true }).fill("300");
    await page.getByLabel("Unit", { exact: true }).selectOption("kg");

    await page.getByLabel("Words or code").fill("glass packaging");
    const found = page.getByRole("listitem").filter({ hasText: "15 01 07" });
    await found.waitFor({ timeout: 15_000 });
    await found.getByRole("button", { name: "Add 15 01 07" }).click();
    // Added in place: no reload, the search still shown.
    const chosen = page.getByRole("group", { name: "Waste details" });
    await chosen.getByText("glass packaging").waitFor();
    expect(page.url()).toBe(`${server.url}/app/marketplace/new`);
    expect(await page.getByLabel("Words or code").inputValue()).toBe("glass packaging");
    await page.getByLabel("What the waste is").fill(`Clear glass bottles, rinsed, ${"no labels removed ".repeat(12)}`);
    await page.getByLabel("Physical form").selectOption("Solid");
    await page.getByLabel("Container", { exact: true }).selectOption("WBI");
    await page.getByLabel("Containers", { exact: true }).fill("4");
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await moderateAxeFindings(page)).toEqual([]);
    await page.getByRole("button", { name: "Publish listing" }).last().click();
    await page.waitForURL(/\/app\/marketplace\/\d+$/);

    const details = page.getByRole("region", { name: "Waste details" });
    expect(await details.textContent()).toContain("15 01 07");
    expect(await details.textContent()).toContain("Wheelie Bin (any size)");
    expect(await details.getByTestId("waste-codes-attribution").textContent()).toContain("Open Government Licence v3.0");
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });
});
