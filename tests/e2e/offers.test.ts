import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, launchBrowser, signedInContext } from "../support/browser";
import { addListing } from "../support/factories";
import { api, startServer, type TestServer } from "../support/server";

/** An offer countered and the counter accepted, in a real browser on a 320 px phone, with axe-core. */

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

describe("an offer and its counter on a 320 px phone", () => {
  it("shows each party only the buttons they may press, with toasts and no accessibility failures", async () => {
    const viewport = { viewport: { width: 320, height: 740 }, bypassCSP: true };
    const { context: sellerContext, member: seller } = await signedInContext(browser, server, viewport);
    const { context: buyerContext, member: buyer } = await signedInContext(browser, server, viewport);
    const listingId = addListing(server, seller.id, {
      title: "Galvanised steel offcuts",
      unit: "kg",
      quantity: 800,
      price_cents: 90,
    });
    const offered = await api(server, "/api/orders", {
      method: "POST",
      token: buyer.token,
      body: { listing_id: listingId, quantity: 300, offer_price_cents: 60 },
      headers: { "x-forwarded-for": buyer.address },
    });
    expect(offered.status).toBe(201);
    const orderId = offered.json.data.order.id as number;

    const owner = await sellerContext.newPage();
    await owner.goto(`${server.url}/app/orders/${orderId}`);
    await owner.getByRole("button", { name: "Counter", exact: true }).waitFor();
    expect(await owner.getByRole("button", { name: "Accept counter" }).count()).toBe(0);
    expect(await owner.getByText("Estimated total").count()).toBe(1);
    expect(await seriousAxeFindings(owner)).toEqual([]);
    expect(await sidewaysOverflow(owner)).toBe(0);

    await owner.getByLabel("Your price per kg").fill("0.75");
    await owner.getByRole("button", { name: "Counter", exact: true }).click();
    await owner
      .getByRole("list", { name: "Messages" })
      .getByText("You countered the request; it waits for the buyer to accept your price or withdraw.")
      .waitFor();
    await owner.getByRole("region", { name: "History" }).getByText("countered the offer").waitFor();
    expect(await owner.getByRole("button", { name: "Counter", exact: true }).count()).toBe(0);

    const requester = await buyerContext.newPage();
    await requester.goto(`${server.url}/app/orders/${orderId}`);
    await requester.getByRole("button", { name: "Accept counter" }).waitFor();
    expect(await requester.getByRole("button", { name: "Counter", exact: true }).count()).toBe(0);
    expect(await requester.getByRole("button", { name: "Accept", exact: true }).count()).toBe(0);
    expect(await seriousAxeFindings(requester)).toEqual([]);
    expect(await sidewaysOverflow(requester)).toBe(0);

    await requester.getByRole("button", { name: "Accept counter" }).click();
    await requester
      .getByRole("list", { name: "Messages" })
      .getByText("You accepted the counter; the order is accepted at that price and the quantity is reserved for it.")
      .waitFor();
    await requester.getByRole("button", { name: "Confirm completion" }).waitFor();
    expect(await seriousAxeFindings(requester)).toEqual([]);
  });
});
