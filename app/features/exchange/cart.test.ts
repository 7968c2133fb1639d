import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, listings, orders } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { addToCart, checkout, getCart, setCartQuantity } from "./cart.server";
import { cartCount, quantityInCart } from "./store/cart.server";
import { setBlocked } from "~/features/moderation/blocks.server";
import { addListing, addMember } from "../../../tests/support/unit-factories";

const setListing = (id: number, fields: Partial<typeof listings.$inferInsert>) =>
  getDb().update(listings).set(fields).where(eq(listings.id, id)).run();
const ordersOf = async (viewer: Viewer) =>
  (await getDb().select({ n: count() }).from(orders).where(eq(orders.buyerId, viewer.id)).get())!.n;
const linesOf = (viewer: Viewer) => getDb().select().from(cartItems).where(eq(cartItems.userId, viewer.id)).all();

let sofia: Viewer;
let piet: Viewer;
let buyer: Viewer;

beforeEach(async () => {
  sofia = await addMember("Sofia");
  piet = await addMember("Piet");
  buyer = await addMember("Bram");
});

describe("addToCart", () => {
  it("adds to the line already there, never above what is left", async () => {
    const chairs = await addListing(sofia);
    expect(await addToCart(buyer, chairs, 2)).toMatchObject({
      ok: true,
      message: "Added 2 pieces of Office chairs to your cart.",
    });
    expect(await addToCart(buyer, chairs, 2)).toEqual({
      ok: false,
      reason: "conflict",
      message: "Only 3 pieces left. Your cart already holds 2 pieces.",
      errors: { quantity: "Only 3 pieces left. Your cart already holds 2 pieces." },
    });
    expect(await addToCart(buyer, chairs, 1)).toMatchObject({ ok: true, cart: { items: [{ quantity: 3, total_cents: 7500 }] } });
    expect(await quantityInCart(buyer, chairs)).toBe(3);
    expect(await cartCount(buyer)).toBe(1);
  });

  it("adds kg and t to the thousandth, exactly", async () => {
    const pet = await addListing(sofia, { unit: "t", quantity: 0.3, weightPerUnitKg: null, priceCents: 40000 });
    for (let i = 0; i < 3; i++) expect((await addToCart(buyer, pet, 0.1)).ok).toBe(true);
    expect(await quantityInCart(buyer, pet)).toBe(0.3);
    expect(await addToCart(buyer, pet, 0.001)).toMatchObject({ ok: false, reason: "conflict", message: /^Only 0.3 t left\./ });
    expect(await addToCart(buyer, pet, 0.0001)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses parts of pieces and quantities below one piece", async () => {
    const chairs = await addListing(sofia);
    expect(await addToCart(buyer, chairs, 0.5)).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Choose a whole number of pieces.",
    });
    expect(await addToCart(buyer, chairs, 0)).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Choose at least 1 piece.",
    });
    expect(await addToCart(buyer, chairs, Number.NaN)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await linesOf(buyer)).toEqual([]);
  });

  it("answers a missing, paused or closed listing alike, and refuses samples, wanted listings and one's own", async () => {
    const paused = await addListing(sofia, { status: "paused" });
    const closed = await addListing(sofia, { status: "closed" });
    for (const id of [999_999, paused, closed]) {
      expect(await addToCart(buyer, id, 1)).toEqual({
        ok: false,
        reason: "not-found",
        message: "This listing does not exist or takes no requests.",
        errors: {},
      });
    }
    expect(await addToCart(buyer, await addListing(sofia, { isSample: true }), 1)).toMatchObject({
      ok: false,
      reason: "conflict",
      message: /^This is a sample listing/,
    });
    expect(await addToCart(sofia, await addListing(sofia), 1)).toMatchObject({
      ok: false,
      reason: "conflict",
      message: /your own listing/,
    });
    expect(await addToCart(buyer, await addListing(sofia, { kind: "wanted" }), 1)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect(await linesOf(buyer)).toEqual([]);
    expect(await linesOf(sofia)).toEqual([]);
  });

  it("refuses a listing of a member who blocked the viewer with 403, as the checkout does", async () => {
    const chairs = await addListing(sofia);
    expect((await setBlocked(sofia, buyer.id, true)).ok).toBe(true);
    const refusal = { ok: false, reason: "forbidden", message: "You cannot order from this member.", errors: {} };
    expect(await addToCart(buyer, chairs, 1)).toEqual(refusal);
    expect(await setCartQuantity(buyer, chairs, 2)).toEqual(refusal);
    expect(await linesOf(buyer)).toEqual([]);
  });
});

describe("setCartQuantity", () => {
  it("sets a line, refuses more than is left and removes a line at 0", async () => {
    const chairs = await addListing(sofia);
    expect(await setCartQuantity(buyer, chairs, 3)).toMatchObject({ ok: true, cart: { items: [{ quantity: 3 }] } });
    expect(await setCartQuantity(buyer, chairs, 4)).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "Only 3 pieces left.",
    });
    expect(await setCartQuantity(buyer, chairs, 1)).toMatchObject({ ok: true, cart: { items: [{ quantity: 1 }] } });
    expect(await setCartQuantity(buyer, chairs, 0)).toMatchObject({
      ok: true,
      message: "Removed from your cart.",
      cart: { items: [] },
    });
    expect(await linesOf(buyer)).toEqual([]);
  });

  it("removes a line whose listing was closed meanwhile, but will not change its quantity", async () => {
    const chairs = await addListing(sofia);
    await setCartQuantity(buyer, chairs, 2);
    await setListing(chairs, { status: "closed" });
    expect(await setCartQuantity(buyer, chairs, 1)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await setCartQuantity(buyer, chairs, 0)).toMatchObject({ ok: true, cart: { items: [] } });
  });
});

describe("getCart", () => {
  it("groups lines by seller with each seller's total and the whole total", async () => {
    const chairs = await addListing(sofia, { priceCents: 2500 });
    const desks = await addListing(sofia, { title: "Desks", priceCents: 10000 });
    const cullet = await addListing(piet, { title: "Cullet", unit: "kg", quantity: 500, weightPerUnitKg: null, priceCents: 12 });
    await addToCart(buyer, chairs, 2);
    await addToCart(buyer, cullet, 250.5);
    await addToCart(buyer, desks, 1);
    const cart = await getCart(buyer);
    expect(cart.total_cents).toBe(5000 + 10000 + 3006);
    expect(
      cart.sellers.map((group) => [group.seller.username, group.total_cents, group.items.map((i) => i.listing.title)]),
    ).toEqual([
      ["Sofia", 15000, ["Office chairs", "Desks"]],
      ["Piet", 3006, ["Cullet"]],
    ]);
    expect(cart.sellers[0]!.seller).toEqual({ id: sofia.id, username: "Sofia", rating: null, reviews_count: 0 });
    expect(cart.items.map((item) => item.problem)).toEqual([null, null, null]);
  });

  it("marks lines that cannot be checked out as they are", async () => {
    const soldOut = await addListing(sofia, { title: "Sold out" });
    const paused = await addListing(sofia, { title: "Paused" });
    const closed = await addListing(sofia, { title: "Closed" });
    const fewer = await addListing(sofia, { title: "Fewer" });
    for (const id of [soldOut, paused, closed, fewer]) await addToCart(buyer, id, 2);
    await setListing(soldOut, { quantityLeft: 0 });
    await setListing(paused, { status: "paused" });
    await setListing(closed, { status: "closed" });
    await setListing(fewer, { quantityLeft: 1 });
    expect(Object.fromEntries((await getCart(buyer)).items.map((item) => [item.listing.title, item.problem]))).toEqual({
      "Sold out": "Sold out: remove it.",
      Paused: "Paused by the seller: it takes no requests now. Remove it or wait.",
      Closed: "Closed by the seller: remove it.",
      Fewer: "Only 1 piece left. Lower the quantity.",
    });
  });
});

describe("checkout", () => {
  it("places one request per line, answers them seller by seller and empties the cart", async () => {
    const chairs = await addListing(sofia);
    const cullet = await addListing(piet, { title: "Cullet", unit: "kg", quantity: 500, weightPerUnitKg: null, priceCents: 12 });
    const desks = await addListing(sofia, { title: "Desks", handover: "delivery" });
    await addToCart(buyer, chairs, 2);
    await addToCart(buyer, cullet, 100);
    await addToCart(buyer, desks, 1);
    const outcome = await checkout(buyer, { message: "Friday suits us" });
    expect(outcome).toMatchObject({ ok: true, message: "3 requests sent to 2 sellers; you will hear when they are answered." });
    if (!outcome.ok) return;
    expect(outcome.orders.map((order) => [order.seller.username, order.listing.title, order.quantity, order.handover])).toEqual([
      ["Sofia", "Office chairs", 2, "collection"],
      ["Sofia", "Desks", 1, "delivery"],
      ["Piet", "Cullet", 100, "collection"],
    ]);
    expect(outcome.orders.every((order) => order.state === "requested" && order.message === "Friday suits us")).toBe(true);
    expect(await linesOf(buyer)).toEqual([]);
    // Requests reserve nothing: the stock waits for the sellers' answers.
    expect((await getDb().select().from(listings).where(eq(listings.id, chairs)).get())!.quantityLeft).toBe(3);
  });

  it("applies one chosen handover to every request", async () => {
    await addToCart(buyer, await addListing(sofia), 1);
    const outcome = await checkout(buyer, { handover: "buyer_transport" });
    expect(outcome.ok && outcome.orders.map((order) => order.handover)).toEqual(["buyer_transport"]);
  });

  it("refuses an empty cart", async () => {
    expect(await checkout(buyer, {})).toEqual({ ok: false, reason: "conflict", message: "Your cart is empty.", errors: {} });
  });

  it("writes nothing when one line has become impossible, and names it", async () => {
    const chairs = await addListing(sofia);
    const desks = await addListing(piet, { title: "Desks" });
    await addToCart(buyer, chairs, 1);
    await addToCart(buyer, desks, 3);
    await setListing(desks, { quantityLeft: 2 });
    expect(await checkout(buyer, {})).toMatchObject({ ok: false, reason: "conflict", message: "Desks: Only 2 pieces left." });
    await setListing(desks, { quantityLeft: 3, status: "paused" });
    expect(await checkout(buyer, {})).toMatchObject({ ok: false, reason: "not-found", message: /^Desks: / });
    expect(await ordersOf(buyer)).toBe(0);
    expect(await linesOf(buyer)).toHaveLength(2);
  });
});
