import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, orders } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, openDatabase, sqliteClient } from "~/services/database/db.server";
import { getOrder, moveOrder, requestOrder } from "./orders.server";
import { applyOrderMove, reserveStock } from "./store/orders.server";
import { addListing, addMember } from "../../../tests/support/unit-factories";

let seller: Viewer;
let buyer: Viewer;
let stranger: Viewer;

const left = async (listingId: number) =>
  (await getDb().select().from(listings).where(eq(listings.id, listingId)).get())!.quantityLeft;
const orderCount = async () => (await getDb().select({ n: count() }).from(orders).get())!.n;

async function placed(viewer: Viewer, listingId: number, quantity = 1) {
  const outcome = await requestOrder(viewer, { listing_id: listingId, quantity });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.order;
}

beforeAll(async () => {
  seller = await addMember("Sofia");
  buyer = await addMember("Bram");
  stranger = await addMember("Stella");
});

describe("requestOrder", () => {
  it("opens a requested order that reserves nothing until the seller answers", async () => {
    const listingId = await addListing(seller);
    const outcome = await requestOrder(buyer, { listing_id: listingId, quantity: 2, message: "Friday suits us" });
    expect(outcome).toMatchObject({
      ok: true,
      message: "Your request was sent; you will hear when it is answered.",
      order: {
        listing: { id: listingId, title: "Office chairs", kind: "sale", unit: "piece" },
        quantity: 2,
        unit_price_cents: 2500,
        total_cents: 5000,
        state: "requested",
        handover: "collection",
        message: "Friday suits us",
        buyer: { id: buyer.id, username: "Bram" },
        seller: { id: seller.id, username: "Sofia" },
        confirmed_by: { buyer: false, seller: false },
        weight_kg: null,
        history: [{ action: "request", state: "requested", by: { id: buyer.id, username: "Bram" }, reason: null }],
        next_actions: ["cancel"],
      },
    });
    expect(await left(listingId)).toBe(3);
    const order = outcome.ok ? outcome.order : undefined;
    expect((await getOrder(seller, order!.id))!.next_actions).toEqual(["accept", "decline"]);
  });

  it("takes the handover the requester chose", async () => {
    const order = await requestOrder(buyer, { listing_id: await addListing(seller), quantity: 1, handover: "delivery" });
    expect(order).toMatchObject({ ok: true, order: { handover: "delivery" } });
  });

  it("answers a missing, paused and closed listing alike, and creates nothing", async () => {
    const before = await orderCount();
    const missing = await requestOrder(buyer, { listing_id: 999_999, quantity: 1 });
    expect(missing).toEqual({
      ok: false,
      reason: "not-found",
      message: "This listing does not exist or takes no requests.",
      errors: {},
    });
    for (const status of ["paused", "closed"] as const) {
      expect(await requestOrder(buyer, { listing_id: await addListing(seller, { status }), quantity: 1 })).toEqual(missing);
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses sample listings, one's own listing and quantities that do not fit, and creates nothing", async () => {
    const before = await orderCount();
    expect(await requestOrder(buyer, { listing_id: await addListing(seller, { isSample: true }), quantity: 1 })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "This is a sample listing, shown as an example: it cannot be ordered.",
    });
    const listingId = await addListing(seller);
    expect(await requestOrder(seller, { listing_id: listingId, quantity: 1 })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "This is your own listing: you cannot order from yourself.",
    });
    expect(await requestOrder(buyer, { listing_id: listingId, quantity: 4 })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "Only 3 pieces left.",
      errors: { quantity: "Only 3 pieces left." },
    });
    expect(await requestOrder(buyer, { listing_id: listingId, quantity: 1.5 })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { quantity: "Choose a whole number of pieces." },
    });
    expect(await requestOrder(buyer, { listing_id: listingId, quantity: 0 })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await orderCount()).toBe(before);
  });

  it("turns the roles round on a wanted listing: the one who offers sells, the owner buys and answers", async () => {
    const listingId = await addListing(buyer, {
      kind: "wanted",
      unit: "t",
      weightPerUnitKg: null,
      quantity: 5,
      material: "paper",
    });
    const order = await placed(seller, listingId, 2.5);
    expect(order).toMatchObject({ buyer: { id: buyer.id }, seller: { id: seller.id }, next_actions: ["cancel"] });
    expect((await getOrder(buyer, order.id))!.next_actions).toEqual(["accept", "decline"]);
    expect(await moveOrder(seller, order.id, "accept")).toMatchObject({
      ok: false,
      reason: "forbidden",
      message: "Only the buyer can accept this offer.",
    });
    expect(await moveOrder(buyer, order.id, "accept")).toMatchObject({ ok: true, order: { state: "accepted" } });
    expect(await left(listingId)).toBe(2.5);
  });
});

describe("moveOrder", () => {
  it("reserves at accept, and returns the quantity when an accepted order is cancelled", async () => {
    const listingId = await addListing(seller, { quantity: 5 });
    const order = await placed(buyer, listingId, 2);
    const accepted = await moveOrder(seller, order.id, "accept");
    expect(accepted).toMatchObject({
      ok: true,
      message: "You accepted the request; the quantity is reserved for it.",
      order: { state: "accepted", next_actions: ["cancel", "complete"] },
    });
    expect(await left(listingId)).toBe(3);
    expect(await moveOrder(buyer, order.id, "cancel", { reason: "Our plans changed" })).toMatchObject({
      ok: true,
      order: { state: "cancelled", next_actions: [] },
    });
    expect(await left(listingId)).toBe(5);
    expect(
      (await getOrder(seller, order.id))!.history.map(({ action, state, by, reason }) => [action, state, by.id, reason]),
    ).toEqual([
      ["request", "requested", buyer.id, null],
      ["accept", "accepted", seller.id, null],
      ["cancel", "cancelled", buyer.id, "Our plans changed"],
    ]);
  });

  it("changes no stock when a request is declined or withdrawn", async () => {
    const listingId = await addListing(seller, { quantity: 5 });
    const declined = await moveOrder(seller, (await placed(buyer, listingId, 2)).id, "decline", {
      reason: "Promised to a school",
    });
    expect(declined).toMatchObject({ ok: true, order: { state: "declined", history: [{}, { reason: "Promised to a school" }] } });
    expect(await moveOrder(buyer, (await placed(buyer, listingId, 2)).id, "cancel")).toMatchObject({
      ok: true,
      message: "You withdrew your request.",
      order: { state: "cancelled" },
    });
    expect(await left(listingId)).toBe(5);
  });

  it("refuses a move of the other party with 'forbidden' and one the state does not allow with 'conflict', changing nothing", async () => {
    const listingId = await addListing(seller);
    const order = await placed(buyer, listingId);
    expect(await moveOrder(buyer, order.id, "accept")).toEqual({
      ok: false,
      reason: "forbidden",
      message: "Only the seller can accept this request.",
      errors: {},
    });
    expect(await moveOrder(seller, order.id, "complete")).toMatchObject({ ok: false, reason: "conflict" });
    await moveOrder(seller, order.id, "decline");
    expect(await moveOrder(seller, order.id, "accept")).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "This order was declined, so nothing more can happen to it.",
    });
    expect((await getOrder(buyer, order.id))!.history).toHaveLength(2);
    expect(await left(listingId)).toBe(3);
  });

  it("shows an order to its two parties only: for anyone else it is missing", async () => {
    const order = await placed(buyer, await addListing(seller));
    const missing = await moveOrder(stranger, 999_999, "accept");
    expect(missing).toEqual({ ok: false, reason: "not-found", message: "This order does not exist.", errors: {} });
    for (const action of ["accept", "decline", "cancel", "complete"] as const) {
      expect(await moveOrder(stranger, order.id, action)).toEqual(missing);
    }
    expect(await moveOrder({ ...stranger, userType: "admin" }, order.id, "accept")).toEqual(missing);
    expect(await getOrder(stranger, order.id)).toBeNull();
    expect(await getOrder(buyer, order.id)).not.toBeNull();
    expect((await getOrder(buyer, order.id))!.state).toBe("requested");
  });

  it("completes when both parties have confirmed, each once, and records the weight that changed hands", async () => {
    const listingId = await addListing(seller, { quantity: 4, weightPerUnitKg: 12.5 });
    const order = await placed(buyer, listingId, 3);
    await moveOrder(seller, order.id, "accept");
    expect(await moveOrder(buyer, order.id, "complete")).toMatchObject({
      ok: true,
      message: "You confirmed completion; the order completes when the seller confirms too.",
      order: { state: "accepted", confirmed_by: { buyer: true, seller: false }, next_actions: ["cancel"], weight_kg: null },
    });
    expect(await moveOrder(buyer, order.id, "complete")).toMatchObject({ ok: false, reason: "conflict" });
    expect(await moveOrder(seller, order.id, "complete")).toMatchObject({
      ok: true,
      message: "Both of you confirmed: the order is completed.",
      order: { state: "completed", confirmed_by: { buyer: true, seller: true }, weight_kg: 37.5, next_actions: [] },
    });
    // A completed order keeps what it took.
    expect(await left(listingId)).toBe(1);
    expect(await moveOrder(buyer, order.id, "cancel")).toMatchObject({ ok: false, reason: "conflict" });
    expect(await left(listingId)).toBe(1);
  });

  it("keeps a weighed total given on completion", async () => {
    const listingId = await addListing(seller, { unit: "kg", weightPerUnitKg: null, quantity: 500, material: "metals" });
    const order = await placed(buyer, listingId, 200);
    await moveOrder(seller, order.id, "accept");
    await moveOrder(seller, order.id, "complete", { weight_kg: 212.4 });
    expect(await moveOrder(buyer, order.id, "complete")).toMatchObject({
      ok: true,
      order: { state: "completed", weight_kg: 212.4 },
    });
  });

  it("takes a weighed total only with the first confirmation, so the other party's confirmation agrees to it", async () => {
    const listingId = await addListing(seller, { unit: "kg", weightPerUnitKg: null, quantity: 500, material: "metals" });
    const order = await placed(buyer, listingId, 1);
    await moveOrder(seller, order.id, "accept");
    await moveOrder(seller, order.id, "complete");
    expect(await moveOrder(buyer, order.id, "complete", { weight_kg: 50_000 })).toEqual({
      ok: false,
      reason: "conflict",
      message:
        "The seller already confirmed completion without a weighed total, so the weight counts from the quantity. Confirm without a weight, or agree on it in the messages first.",
      errors: {},
    });
    expect(await getOrder(buyer, order.id)).toMatchObject({ state: "accepted", weight_kg: null });
    expect(await moveOrder(buyer, order.id, "complete")).toMatchObject({ ok: true, order: { state: "completed", weight_kg: 1 } });
  });

  it("works decimal quantities out exactly: three accepts of 0.1 t empty a 0.3 t listing", async () => {
    const listingId = await addListing(seller, { unit: "t", weightPerUnitKg: null, quantity: 0.3, material: "glass" });
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await placed(buyer, listingId, 0.1));
    const outcomes = [];
    for (const order of requests) outcomes.push(await moveOrder(seller, order.id, "accept"));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, false]);
    expect(await left(listingId)).toBe(0);
  });
});

describe("the race for the last piece", () => {
  it("accepts one of many requests for the last piece and refuses the others clearly", async () => {
    const listingId = await addListing(seller, { quantity: 1 });
    const requests = [];
    for (let index = 0; index < 8; index++) requests.push(await placed(await addMember(`Racer${index}`), listingId, 1));
    // One after the other on the one connection, as the server's requests take turns on it.
    const outcomes = [];
    for (const order of requests) outcomes.push(await moveOrder(seller, order.id, "accept"));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect(outcome).toEqual({
        ok: false,
        reason: "conflict",
        message: "Nothing is left of this listing. This request asks for more, so it cannot be accepted.",
        errors: {},
      });
    }
    expect(await left(listingId)).toBe(0);
    // Each refused request is still waiting, with nothing recorded for the refusal.
    for (const order of requests) {
      const state = (await getOrder(seller, order.id))!.state;
      expect(["requested", "accepted"]).toContain(state);
      if (state === "requested") expect((await getOrder(seller, order.id))!.history).toHaveLength(1);
    }
  });

  describe("on two connections to the same file", () => {
    const second = openDatabase(process.env.DATABASE_PATH!, { create: false });
    afterAll(() => sqliteClient(second).close());

    it("lets the conditional UPDATE, not what each side read, decide: one reservation, one refusal", async () => {
      const listingId = await addListing(seller, { quantity: 1 });
      // Both sides read the listing first and both see the last piece.
      const readA = (await getDb().select().from(listings).where(eq(listings.id, listingId)).get())!;
      const readB = (await second.select().from(listings).where(eq(listings.id, listingId)).get())!;
      expect([readA.quantityLeft, readB.quantityLeft]).toEqual([1, 1]);
      expect(await reserveStock(getDb(), listingId, 1)).toBe(true);
      expect(await reserveStock(second, listingId, 1)).toBe(false);
      expect(await left(listingId)).toBe(0);
      expect((await second.select().from(listings).where(eq(listings.id, listingId)).get())!.quantityLeft).toBe(0);
    });

    it("accepts one of two requests for the last piece accepted through different connections", async () => {
      const listingId = await addListing(seller, { quantity: 1 });
      const first = await placed(buyer, listingId);
      const other = await placed(stranger, listingId);
      const a = await moveOrder(seller, first.id, "accept", {}, getDb());
      const b = await moveOrder(seller, other.id, "accept", {}, second);
      expect(a).toMatchObject({ ok: true, order: { state: "accepted" } });
      expect(b).toMatchObject({ ok: false, reason: "conflict" });
      expect(await left(listingId)).toBe(0);
      expect((await getOrder(stranger, other.id))!.state).toBe("requested");
    });

    it("applies one of two moves of the same order made on different connections", async () => {
      const listingId = await addListing(seller, { quantity: 2 });
      const order = await placed(buyer, listingId);
      expect(await moveOrder(seller, order.id, "accept", {}, getDb())).toMatchObject({ ok: true });
      expect(await moveOrder(seller, order.id, "accept", {}, second)).toMatchObject({ ok: false, reason: "conflict" });
      expect(await left(listingId)).toBe(1);
    });
  });
});

describe("what the database refuses, whatever the code does", () => {
  it("never lets quantity_left go below zero or above the quantity", async () => {
    const listingId = await addListing(seller, { quantity: 2 });
    const set = (value: number) => async () =>
      getDb().update(listings).set({ quantityLeft: value }).where(eq(listings.id, listingId)).run();
    await expect(set(-1)()).rejects.toThrow(/CHECK constraint failed: listings_quantity_left_check/);
    await expect(set(3)()).rejects.toThrow(/CHECK constraint failed: listings_quantity_left_check/);
    expect(await left(listingId)).toBe(2);
  });

  it("refuses a priced free listing, an unknown material and an order of a member from themself", async () => {
    await expect(addListing(seller, { kind: "free", priceCents: 100 })).rejects.toThrow(/listings_price_check/);
    await expect(addListing(seller, { material: "gold" as "metals" })).rejects.toThrow(/listings_material_check/);
    const listingId = await addListing(seller);
    const ownOrder = async () =>
      getDb()
        .insert(orders)
        .values({ listingId, buyerId: seller.id, sellerId: seller.id, quantity: 1, unitPriceCents: 0, handover: "collection" })
        .run();
    await expect(ownOrder()).rejects.toThrow(/orders_parties_check/);
  });
});

describe("a move decided on a stale read of an offer", () => {
  it("changes nothing once the offer was countered meanwhile, and nothing once the counter is gone", async () => {
    const listingId = await addListing(seller);
    const offered = await requestOrder(buyer, { listing_id: listingId, quantity: 1, offer_price_cents: 2000 });
    if (!offered.ok) throw new Error(offered.message);
    const orderId = offered.order.id;
    expect(await moveOrder(seller, orderId, "counter", { price_cents: 2200 })).toMatchObject({ ok: true });
    const now = new Date();
    const common = { orderId, from: "requested" as const, weightKg: null, now };
    // The owner's acceptance of the offer, decided before the counter: the counter stands.
    expect(await applyOrderMove(getDb(), { ...common, state: "accepted", countered: false })).toBe(false);
    expect(await applyOrderMove(getDb(), { ...common, state: "requested", counterPriceCents: 2300, countered: false })).toBe(
      false,
    );
    expect(await getOrder(buyer, orderId)).toMatchObject({ state: "requested", unit_price_cents: 2200 });
    expect(await moveOrder(buyer, orderId, "accept_counter")).toMatchObject({ ok: true, order: { state: "accepted" } });
  });
});
