import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
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

// A long title with a long word: the pages must still fit a 320 px phone.
const TITLE = "Reclaimed scaffolding boards, Polypropylenecopolymerisatbehälterdeckel edition";

function addListing(ownerId: number) {
  const columns = { description: "Sound boards.", category: "wood", material: "wood", weight_per_unit_kg: 18, price_cents: 650 };
  return insertListing(server, ownerId, {
    ...columns,
    title: TITLE,
    quantity: 40,
    location: undefined,
    status: undefined,
    is_sample: undefined,
  });
}

describe("an order with JavaScript on a 320 px phone", () => {
  it("is answered, discussed and listed, with toasts and no accessibility failures", async () => {
    const { context, member: seller } = await signedInContext(browser, server, {
      viewport: { width: 320, height: 700 },
      bypassCSP: true,
    });
    const buyer = await registerMember(server);
    const listingId = addListing(seller.id);
    const requested = await api(server, "/api/orders", {
      method: "POST",
      token: buyer.token,
      body: { listing_id: listingId, quantity: 12, message: "We collect with a flatbed." },
      headers: { "x-forwarded-for": buyer.address },
    });
    expect(requested.status).toBe(201);
    const orderId = requested.json.data.order.id as number;

    const page = await context.newPage();
    await page.goto(`${server.url}/app/orders/${orderId}`);
    await page.getByRole("heading", { level: 2, name: `Order #${orderId}: ${TITLE}` }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    await page.getByRole("button", { name: "Accept" }).click();
    await page
      .getByRole("list", { name: "Messages" })
      .getByText("You accepted the request; the quantity is reserved for it.")
      .waitFor();
    await page.getByRole("region", { name: "History" }).getByText("accepted the request").waitFor();
    expect(await page.getByRole("button", { name: "Confirm completion" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Accept" }).count()).toBe(0);

    await page.getByLabel("Your message").fill("Gate code 4411, open from 8.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Gate code 4411, open from 8.").waitFor();
    expect(await page.getByLabel("Your message").inputValue()).toBe("");

    await page.getByRole("button", { name: "Confirm completion" }).click();
    await page.getByText("You have confirmed completion; the order completes when the buyer confirms too.").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    await page.goto(`${server.url}/app/orders?role=selling`);
    await page.getByRole("link", { name: `Order #${orderId}: ${TITLE}` }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });
});

describe("completing a waste order with JavaScript on", () => {
  it("asks the transferor for their part, shows refusals beside the fields, and links the note once issued", async () => {
    const { context, member: seller } = await signedInContext(browser, server, {
      viewport: { width: 320, height: 700 },
      bypassCSP: true,
    });
    const buyer = await registerMember(server);
    for (const [who, name] of [
      [seller, "Board Yard Ltd"],
      [buyer, "Pallet Works Ltd"],
    ] as const) {
      const saved = await api(server, "/api/users/organisation", {
        method: "PUT",
        token: who.token,
        body: {
          legal_name: name,
          address: "2 Dock Road, Hull",
          postcode: "HU1 1AA",
          country: "GB",
          sic_code: "38110",
          roles: ["producer"],
        },
        headers: { "x-forwarded-for": who.address },
      });
      expect(saved.status).toBe(200);
    }
    const listingId = insertListing(server, seller.id, {
      title: "Broken pallets",
      category: "wood",
      material: "wood",
      condition: "scrap",
      unit: "kg",
      quantity: 800,
      weight_per_unit_kg: null,
      ewc_codes: JSON.stringify(["150103"]),
      waste_description: "Broken wooden pallets",
      physical_form: "Solid",
      container_type: "LOO",
      containers: 1,
    });
    const call = (token: string, path: string, body: unknown) =>
      api(server, path, { method: "POST", token, body, headers: { "x-forwarded-for": buyer.address } });
    const orderId = (await call(buyer.token, "/api/orders", { listing_id: listingId, quantity: 800 })).json.data.order
      .id as number;
    expect((await call(seller.token, `/api/orders/${orderId}/transitions`, { action: "accept" })).status).toBe(200);
    const carrier = { name: "Pallet Works Ltd", reason_for_no_registration: "ONE_OFF", means_of_transport: "Road" };
    expect((await call(buyer.token, `/api/orders/${orderId}/transitions`, { action: "complete", carrier })).status).toBe(200);

    const page = await context.newPage();
    await page.goto(`${server.url}/app/orders/${orderId}`);
    await page.getByRole("group", { name: "For the waste transfer note" }).waitFor();
    expect(await page.getByLabel("Carrier's name").count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    await page.getByRole("button", { name: "Confirm completion" }).click();
    await page.getByText("Say where the waste changed hands").first().waitFor();
    expect(await page.getByLabel("Where the waste changed hands").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel(/duty to apply the waste hierarchy/).check();
    await page.getByLabel("Where the waste changed hands").fill("Board Yard, Dock Road, Hull");
    await page.getByRole("button", { name: "Confirm completion" }).click();
    const link = page.getByRole("link", { name: /^Transfer note CH-\d{4}-\d{6}$/ });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^\/app\/transfer-notes\/\d+$/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });
});
