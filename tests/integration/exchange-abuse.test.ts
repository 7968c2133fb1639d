import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * What an audit of the exchange found a member could do to another, each refused now: turning a
 * listing's kind under open orders to answer one's own request, adding to someone's cancelled
 * count by asking and withdrawing, collecting contact details by asking, overwriting the other
 * party's weighed total, forging log lines through a title, and a listing too long to edit.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const call = (member: Member, pathname: string, method = "GET", body?: unknown) =>
  api(server, pathname, { method, body, token: member.token, headers: { "x-forwarded-for": member.address } });

async function list(owner: Member, fields: Record<string, unknown> = {}) {
  const created = await call(owner, "/api/listings", "POST", {
    kind: "sale",
    title: "Pallets, heat treated",
    description: "Euro pallets, sound.",
    category: "wood",
    material: "wood",
    condition: "used",
    quantity: 10,
    unit: "piece",
    weight_per_unit_kg: 25,
    price_cents: 400,
    location: "Ghent",
    handover: "collection",
    ...fields,
  });
  expect(created.status).toBe(201);
  return created.json.data.listing.id as number;
}

async function request(buyer: Member, listingId: number, quantity = 2) {
  const placed = await call(buyer, "/api/orders", "POST", { listing_id: listingId, quantity });
  expect(placed.status).toBe(201);
  return placed.json.data.order.id as number;
}

const move = (member: Member, orderId: number, body: Record<string, unknown>) =>
  call(member, `/api/orders/${orderId}/transitions`, "POST", body);

describe("the exchange refuses what would let one member act against another", () => {
  it("keeps a listing's kind while members have asked for it, so nobody answers their own request", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner);
    const orderId = await request(asker, listingId);
    const turned = await call(owner, `/api/listings/${listingId}`, "PATCH", { kind: "wanted" });
    expect(turned.status).toBe(409);
    expect(turned.json.message).toBe("The kind cannot change once members have asked for this listing; close it and list anew.");
    expect((await move(asker, orderId, { action: "accept" })).status).toBe(403);
    expect((await call(owner, `/api/listings/${listingId}`)).json.data.listing).toMatchObject({
      kind: "sale",
      quantity_left: 10,
    });
  });

  it("refuses to check out a cart line whose listing has turned wanted, and keeps the cart", async () => {
    const [owner, shopper] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner, { title: "Crates" });
    expect((await call(shopper, "/api/cart", "PUT", { listing_id: listingId, quantity: 1 })).status).toBe(200);
    expect((await call(owner, `/api/listings/${listingId}`, "PATCH", { kind: "wanted" })).status).toBe(200);
    const cart = await call(shopper, "/api/cart");
    expect(cart.json.data.cart.items[0].problem).toBe(
      "Now a wanted listing: make an offer from its page instead, and remove it here.",
    );
    const checkout = await call(shopper, "/api/cart/checkout", "POST", {});
    expect(checkout.status).toBe(409);
    expect(checkout.json.message).toBe("Crates: this is now a wanted listing; make an offer from its page.");
    expect((await call(shopper, "/api/orders?role=selling")).json.data.orders).toEqual([]);
    expect((await call(shopper, "/api/cart")).json.data.cart.items).toHaveLength(1);
  });

  it("counts only agreements that fell through as cancelled, not requests withdrawn before an answer", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner);
    for (let i = 0; i < 3; i++) {
      const orderId = await request(asker, listingId, 1);
      expect((await move(asker, orderId, { action: "cancel" })).status).toBe(200);
    }
    const page = async () => (await call(owner, `/app/members/${owner.id}`)).text;
    expect(await page()).toMatch(/data-testid="cancelled-orders"[^>]*>0</);

    const accepted = await request(asker, listingId, 1);
    expect((await move(owner, accepted, { action: "accept" })).status).toBe(200);
    expect((await move(asker, accepted, { action: "cancel" })).status).toBe(200);
    expect(await page()).toMatch(/data-testid="cancelled-orders"[^>]*>1</);
  });

  it("shows the other party's e-mail on the order page only once the order is accepted", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner);
    const orderId = await request(asker, listingId);
    const before = await call(asker, `/app/orders/${orderId}`);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain(owner.email);
    expect(before.text).toContain("Their e-mail and phone show here once the request is accepted");
    expect((await call(owner, `/app/orders/${orderId}`)).text).not.toContain(asker.email);

    expect((await move(owner, orderId, { action: "accept" })).status).toBe(200);
    expect((await call(asker, `/app/orders/${orderId}`)).text).toContain(owner.email);
    expect((await call(owner, `/app/orders/${orderId}`)).text).toContain(asker.email);
  });

  it("keeps the first weighed total: the second party cannot overwrite it", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner);
    const orderId = await request(asker, listingId);
    expect((await move(owner, orderId, { action: "accept" })).status).toBe(200);
    expect((await move(asker, orderId, { action: "complete", weight_kg: 48.5 })).status).toBe(200);
    const overwrite = await move(owner, orderId, { action: "complete", weight_kg: 999 });
    expect(overwrite.status).toBe(409);
    expect(overwrite.json.message).toBe(
      "The buyer already recorded a weighed total of 48.5 kg. Confirm without a weight to accept it, or agree on it in the messages first.",
    );
    const agreed = await move(owner, orderId, { action: "complete" });
    expect(agreed.status).toBe(200);
    expect(agreed.json.data.order).toMatchObject({ state: "completed", weight_kg: 48.5 });
  });

  it("takes no weight from the second confirmation alone: the first party never saw it, yet both ledgers would book it", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner);
    const orderId = await request(asker, listingId);
    expect((await move(owner, orderId, { action: "accept" })).status).toBe(200);
    expect((await move(owner, orderId, { action: "complete" })).status).toBe(200);
    const alone = await move(asker, orderId, { action: "complete", weight_kg: 50_000 });
    expect(alone.status).toBe(409);
    expect(alone.json.message).toBe(
      "The seller already confirmed completion without a weighed total, so the weight counts from the quantity. Confirm without a weight, or agree on it in the messages first.",
    );
    const agreed = await move(asker, orderId, { action: "complete" });
    // Two pallets of 25 kg, as listed: the weight both saw.
    expect(agreed.json.data.order).toMatchObject({ state: "completed", weight_kg: 50 });
    const ledger = await call(owner, "/api/impact/entries");
    expect(ledger.json.data.entries.map((entry: { weight_kg: number }) => entry.weight_kg)).toEqual([50]);
  });

  it("refuses line breaks and control characters in a title, and lets an owner edit what they could list", async () => {
    const owner = await registerMember(server);
    const forged = await call(owner, "/api/listings", "POST", {
      kind: "free",
      title: "Nice\nFAKE LOG LINE: server compromised",
      description: "x",
      category: "wood",
      material: "wood",
      condition: "used",
      quantity: 1,
      unit: "kg",
      location: "Ghent",
      handover: "collection",
    });
    expect(forged.status).toBe(400);
    expect(forged.json.errors).toMatchObject({ title: "Write the title on one line" });

    const long = "♻️".repeat(2500);
    const listingId = await list(owner, { description: long });
    const edited = await call(owner, `/api/listings/${listingId}`, "PATCH", { description: `${long.slice(0, -2)}🌱` });
    expect(edited.status).toBe(200);
    expect(edited.json.data.listing.description.endsWith("🌱")).toBe(true);
  });
});

describe("the exchange's hourly allowances", () => {
  it("stops a member sending more than 30 requests in an hour, with Retry-After, and changes nothing", async () => {
    const [owner, asker] = [await registerMember(server), await registerMember(server)];
    const listingId = await list(owner, { quantity: 100 });
    // A refused request does not use the allowance: only sent ones count.
    expect((await call(asker, "/api/orders", "POST", { listing_id: listingId, quantity: 1000 })).status).toBe(409);
    for (let i = 0; i < 30; i++) await request(asker, listingId, 1);
    const refused = await call(asker, "/api/orders", "POST", { listing_id: listingId, quantity: 1 });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^You are sending requests too often\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(asker, "/api/orders?limit=50")).json.data.pagination.total).toBe(30);
  });
});
