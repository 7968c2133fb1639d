import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Offers and counters, and the weight that settles a kg listing's price, against the real server:
 * each step by the API and the order page's forms without JavaScript, each a history row and a
 * notification to the other party, and the ledgers' money following the weighed total.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let seller: Member;
let buyer: Member;
let stranger: Member;

beforeAll(async () => {
  server = await startServer();
  [seller, buyer, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address, cookie: "tz=UTC" } });

const request = (member: Member, body: Record<string, unknown>) => call(member, "/api/orders", { method: "POST", body });
const move = (member: Member, orderId: number, body: Record<string, unknown>) =>
  call(member, `/api/orders/${orderId}/transitions`, { method: "POST", body });

/** The member's notifications of an order, newest first, as [type, subject id]. */
async function orderNotices(member: Member, orderId: number) {
  const { json } = await call(member, "/api/notifications");
  return (json.data.notifications as { type: string; subject: { type: string; id: number } }[])
    .filter((notice) => notice.subject.type === "order" && notice.subject.id === orderId)
    .map((notice) => notice.type);
}

async function page(member: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form of the order page posted as a browser without JavaScript sends it. */
async function post(member: Member, orderId: number, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/app/orders/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams({ returnTo: `/app/orders/${orderId}`, ...fields }),
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("an offer, a counter and its acceptance", () => {
  it("agrees the order at the counter, each step a history row and a notification to the other party", async () => {
    const listingId = addListing(server, seller.id, { title: "Pallet racking", price_cents: 5000, quantity: 4 });
    const offered = await request(buyer, { listing_id: listingId, quantity: 2, offer_price_cents: 3500 });
    expect(offered.status).toBe(201);
    const orderId = offered.json.data.order.id;
    expect(offered.json.data.order).toMatchObject({
      unit_price_cents: 3500,
      offer_price_cents: 3500,
      counter_price_cents: null,
      total_cents: 7000,
      total_is_estimate: false,
      next_actions: ["cancel"],
    });
    expect(await orderNotices(seller, orderId)).toEqual(["order_requested"]);
    expect((await call(seller, `/api/orders/${orderId}`)).json.data.order.next_actions).toEqual(["accept", "counter", "decline"]);

    // Someone else's order is not there at all, to read or to move.
    expect((await call(stranger, `/api/orders/${orderId}`)).status).toBe(404);
    expect((await move(stranger, orderId, { action: "counter", price_cents: 4000 })).status).toBe(404);
    // Only the owner counters.
    expect((await move(buyer, orderId, { action: "counter", price_cents: 4000 })).status).toBe(403);

    const countered = await move(seller, orderId, { action: "counter", price_cents: 4200 });
    expect(countered.status).toBe(200);
    expect(countered.json.data.order).toMatchObject({ state: "requested", unit_price_cents: 4200, counter_price_cents: 4200 });
    expect(countered.json.data.order.next_actions).toEqual(["decline"]);
    expect(await orderNotices(buyer, orderId)).toEqual(["order_countered"]);
    expect((await call(buyer, `/api/orders/${orderId}`)).json.data.order.next_actions).toEqual(["accept_counter", "cancel"]);
    // One counter per offer.
    expect((await move(seller, orderId, { action: "counter", price_cents: 4500 })).status).toBe(409);

    const accepted = await move(buyer, orderId, { action: "accept_counter" });
    expect(accepted.status).toBe(200);
    const order = accepted.json.data.order;
    expect(order).toMatchObject({ state: "accepted", unit_price_cents: 4200, total_cents: 8400 });
    expect(
      order.history.map((event: { action: string; price_cents: number | null }) => [event.action, event.price_cents]),
    ).toEqual([
      ["request", 3500],
      ["counter", 4200],
      ["accept_counter", null],
    ]);
    expect((await orderNotices(seller, orderId))[0]).toBe("order_accepted");
    // Accepting the counter reserved the quantity, as accepting does.
    const left = withDatabase(server, (db) =>
      db.prepare("SELECT quantity_left AS left FROM listings WHERE id = ?").get(listingId),
    );
    expect(left).toEqual({ left: 2 });
  });

  it("refuses an offer at the asking price or on a listing not for sale, and a counter outside the offer and the asking price", async () => {
    const listingId = addListing(server, seller.id, { title: "Steel shelving", price_cents: 5000 });
    const atAsking = await request(buyer, { listing_id: listingId, quantity: 1, offer_price_cents: 5000 });
    expect(atAsking.status).toBe(400);
    expect(atAsking.json.errors.offer_price_cents).toMatch(/below the asking price/);
    const free = addListing(server, seller.id, { kind: "free", price_cents: 0 });
    expect((await request(buyer, { listing_id: free, quantity: 1, offer_price_cents: 0 })).json.errors.offer_price_cents).toMatch(
      /for sale/,
    );

    const plain = (await request(buyer, { listing_id: listingId, quantity: 1 })).json.data.order.id;
    expect((await move(seller, plain, { action: "counter", price_cents: 4000 })).status).toBe(409);

    const orderId = (await request(buyer, { listing_id: listingId, quantity: 1, offer_price_cents: 3000 })).json.data.order.id;
    for (const price_cents of [3000, 5001, undefined]) {
      const refused = await move(seller, orderId, { action: "counter", price_cents });
      expect(refused.status).toBe(400);
      expect(refused.json.errors.price_cents).toBeTruthy();
    }
    // At the asking price: the owner's price stands.
    expect((await move(seller, orderId, { action: "counter", price_cents: 5000 })).status).toBe(200);
    const withdrawn = await move(buyer, orderId, { action: "cancel" });
    expect(withdrawn.json.data.order).toMatchObject({ state: "cancelled", next_actions: [] });
    expect(await orderNotices(seller, orderId)).toEqual(["order_cancelled", "order_requested"]);
  });

  it("counters and accepts the counter through the order page's forms without JavaScript", async () => {
    const listingId = addListing(server, seller.id, { title: "Oak offcuts", price_cents: 800 });
    const orderId = (await request(buyer, { listing_id: listingId, quantity: 3, offer_price_cents: 500 })).json.data.order.id;

    const ownerView = await page(seller, `/app/orders/${orderId}`);
    expect(ownerView.html).toContain(">Counter<");
    expect(ownerView.html).not.toContain(">Accept counter<");

    const refused = await post(seller, orderId, { intent: "move", action: "counter", price: "9.00" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("A counter lies above the offer");
    expect(refused.html).toContain('value="9.00"');

    const sent = await post(seller, orderId, { intent: "move", action: "counter", price: "6.50" });
    expect(sent.status).toBe(302);
    const buyerView = await page(buyer, `/app/orders/${orderId}`);
    expect(buyerView.html).toContain(">Accept counter<");
    expect(buyerView.html).toContain("Countered");
    expect(buyerView.html).toContain("$6.50");

    expect((await post(buyer, orderId, { intent: "move", action: "accept_counter" })).status).toBe(302);
    expect((await call(buyer, `/api/orders/${orderId}`)).json.data.order).toMatchObject({
      state: "accepted",
      unit_price_cents: 650,
    });
  });
});

describe("an offer from the listing page without JavaScript", () => {
  /** The listing page's Buy Now, posted as a browser without JavaScript sends it; the flash toast decoded. */
  async function buy(member: Member, listingId: number, fields: Record<string, string>) {
    const response = await fetch(`${server.url}/app/marketplace/${listingId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${member.token}`, origin: server.url, "x-forwarded-for": member.address },
      body: new URLSearchParams({ intent: "buy", ...fields }),
    });
    const html = (await response.text()).replaceAll("<!-- -->", "");
    const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    const toast = cookie ? JSON.parse(Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8")) : null;
    return { status: response.status, location: response.headers.get("location"), toast, html };
  }

  it("sends the offer typed in the currency's units, and refuses one at the asking price beside the field", async () => {
    const listingId = addListing(server, seller.id, { title: "Copper cable drums", price_cents: 1500 });
    expect((await page(buyer, `/app/marketplace/${listingId}`)).html).toContain('name="offer_price"');

    // The page again, the reason under the offer and the offer kept (the form's errors in place, not a flash).
    const refused = await buy(buyer, listingId, { quantity: "1", offer_price: "15" });
    expect(refused).toMatchObject({ status: 400, location: null, toast: null });
    expect(refused.html).toMatch(/<p id="offer-price-error"[^>]*>[^<]*below the asking price/);
    expect(refused.html).toMatch(/<input id="offer-price"[^>]*value="15"/);

    const sent = await buy(buyer, listingId, { quantity: "1", offer_price: "12.50" });
    expect(sent.status).toBe(302);
    const orderId = Number(/\/app\/orders\/(\d+)/.exec(sent.location ?? "")?.[1]);
    expect((await call(buyer, `/api/orders/${orderId}`)).json.data.order).toMatchObject({
      offer_price_cents: 1250,
      unit_price_cents: 1250,
    });
  });
});

describe("weight settles the price", () => {
  it("bills a kg listing on the weight both confirmed, and the ledgers' revenue and cost follow it", async () => {
    const listingId = addListing(server, seller.id, {
      title: "Baled cardboard",
      unit: "kg",
      quantity: 1000,
      price_cents: 50,
      material: "paper",
      category: "paper",
    });
    const orderId = (await request(buyer, { listing_id: listingId, quantity: 500 })).json.data.order.id;
    expect((await move(seller, orderId, { action: "accept" })).json.data.order).toMatchObject({
      total_cents: 25000,
      total_is_estimate: true,
    });
    const first = await move(seller, orderId, { action: "complete", weight_kg: 486 });
    expect(first.json.data.order).toMatchObject({ state: "accepted", total_cents: 25000, total_is_estimate: true });
    const done = await move(buyer, orderId, { action: "complete" });
    expect(done.json.data.order).toMatchObject({
      state: "completed",
      weight_kg: 486,
      total_cents: 24300,
      total_is_estimate: false,
    });

    const money = async (member: Member) =>
      ((await call(member, "/api/impact/entries")).json.data.entries as { order_id: number | null; revenue_cents: number }[])
        .filter((entry) => entry.order_id === orderId)
        .map((entry) => entry.revenue_cents);
    expect(await money(seller)).toEqual([24300]);
    expect(await money(buyer)).toEqual([-24300]);

    const orderPage = await page(buyer, `/app/orders/${orderId}`);
    expect(orderPage.html).toContain("$243");
    expect(orderPage.html).not.toContain("Estimated total");
  });

  it("shows each cart line's total, and marks a kg line's as an estimate", async () => {
    const kg = addListing(server, seller.id, { title: "Crushed glass", unit: "kg", quantity: 900, price_cents: 12 });
    const pieces = addListing(server, seller.id, { title: "Meeting table", price_cents: 4000, quantity: 5 });
    for (const [listing_id, quantity] of [
      [kg, 250],
      [pieces, 2],
    ])
      expect((await call(buyer, "/api/cart", { method: "PUT", body: { listing_id, quantity } })).status).toBe(200);
    const cart = await page(buyer, "/app/cart");
    expect(cart.html).toContain("Estimated line total: ");
    expect(cart.html).toContain("$30");
    expect(cart.html).toContain("Line total: ");
    expect(cart.html).toContain("$80");
  });
});
