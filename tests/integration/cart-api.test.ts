import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing as insertListing } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/** GET and PUT /api/cart and POST /api/cart/checkout: every refusal, the totals, and the all-or-nothing checkout. */

let server: TestServer;
let seller: Awaited<ReturnType<typeof registerMember>>;
let otherSeller: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  seller = await registerMember(server);
  otherSeller = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

type ListingFields = {
  title?: string;
  kind?: "sale" | "free" | "wanted";
  unit?: "piece" | "kg" | "t";
  quantity?: number;
  quantity_left?: number;
  price_cents?: number;
  status?: "active" | "paused" | "closed";
  is_sample?: boolean;
  handover?: "collection" | "delivery" | "buyer_transport";
};

/** A listing written straight into the server's database (the listings API is tested on its own). */
function addListing(sellerId: number, { is_sample, ...fields }: ListingFields = {}): number {
  return insertListing(server, sellerId, {
    description: "Described.",
    location: "Ghent",
    ...fields,
    is_sample: is_sample ? 1 : 0,
  });
}

const updateListing = (id: number, sql: string) =>
  withDatabase(server, (db) => db.prepare(`UPDATE listings SET ${sql} WHERE id = ?`).run(id));
const orderCount = (buyerId: number) =>
  withDatabase(
    server,
    (db) => (db.prepare("SELECT count(*) AS n FROM orders WHERE buyer_id = ?").get(buyerId) as { n: number }).n,
  );

const put = (token: string, body: unknown) => api(server, "/api/cart", { method: "PUT", token, body });
const getCart = async (token: string) => (await api(server, "/api/cart", { token })).json.data.cart;
const checkout = (token: string, body: unknown = {}) => api(server, "/api/cart/checkout", { method: "POST", token, body });

describe("the cart API", () => {
  it("needs a token", async () => {
    expect((await api(server, "/api/cart")).status).toBe(401);
    expect((await api(server, "/api/cart", { method: "PUT", body: { listing_id: 1, quantity: 1 } })).status).toBe(401);
    expect((await api(server, "/api/cart/checkout", { method: "POST", body: {} })).status).toBe(401);
  });

  it("starts empty, sets lines, groups them by seller with totals, and removes a line at 0", async () => {
    const { token } = await registerMember(server);
    expect(await getCart(token)).toEqual({ items: [], sellers: [], total_cents: 0 });

    const chairs = addListing(seller.id, { title: "Chairs", price_cents: 2500 });
    const desks = addListing(seller.id, { title: "Desks", price_cents: 10000 });
    const cullet = addListing(otherSeller.id, { title: "Cullet", unit: "kg", quantity: 500, price_cents: 12 });
    expect((await put(token, { listing_id: chairs, quantity: 2 })).status).toBe(200);
    expect((await put(token, { listing_id: cullet, quantity: "250.5" })).status).toBe(200);
    const answer = await put(token, { listing_id: desks, quantity: 1 });
    expect(answer.status).toBe(200);
    const cart = answer.json.data.cart;
    expect(cart.total_cents).toBe(5000 + 10000 + 3006);
    expect(cart.items).toHaveLength(3);
    expect(
      cart.sellers.map((group: any) => [group.seller.id, group.total_cents, group.items.map((item: any) => item.listing.title)]),
    ).toEqual([
      [seller.id, 15000, ["Chairs", "Desks"]],
      [otherSeller.id, 3006, ["Cullet"]],
    ]);
    expect(cart.items[0]).toMatchObject({
      listing: {
        id: chairs,
        title: "Chairs",
        unit: "piece",
        price_cents: 2500,
        quantity_left: 3,
        status: "active",
        is_sample: false,
      },
      quantity: 2,
      total_cents: 5000,
      problem: null,
    });

    expect((await put(token, { listing_id: chairs, quantity: 0 })).json.data.cart.items).toHaveLength(2);
    expect((await getCart(token)).total_cents).toBe(13006);
  });

  it("refuses bad quantities with 400 and more than is left with 409, changing nothing", async () => {
    const { token } = await registerMember(server);
    const chairs = addListing(seller.id);
    for (const quantity of [-1, 0.5, "two", null, 1e9, 1.0001]) {
      const answer = await put(token, { listing_id: chairs, quantity });
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.json.success).toBe(false);
      // Each refusal names the field at fault, the schema's and the stock's rules alike.
      expect(answer.json.errors?.quantity, String(quantity)).toEqual(expect.any(String));
    }
    expect((await put(token, { listing_id: "x", quantity: 1 })).status).toBe(400);
    expect((await put(token, { quantity: 1 })).status).toBe(400);
    const tooMany = await put(token, { listing_id: chairs, quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe("Only 3 pieces left.");
    expect(tooMany.json.errors).toEqual({ quantity: "Only 3 pieces left." });
    expect((await getCart(token)).items).toEqual([]);
    expect((await api(server, "/api/cart", { method: "PUT", token, body: "{oops" })).status).toBe(400);
    expect((await api(server, "/api/cart", { method: "DELETE", token })).status).toBe(405);
  });

  it("answers a missing, paused, closed listing with 404, and a sample, a wanted or one's own listing with 409", async () => {
    const { token } = await registerMember(server);
    const paused = addListing(seller.id, { status: "paused" });
    const closed = addListing(seller.id, { status: "closed" });
    for (const listing_id of [99_999_999, paused, closed]) {
      const answer = await put(token, { listing_id, quantity: 1 });
      expect(answer.status).toBe(404);
      expect(answer.json.message).toBe("This listing does not exist or takes no requests.");
    }
    const sample = await put(token, { listing_id: addListing(seller.id, { is_sample: true }), quantity: 1 });
    expect(sample.status).toBe(409);
    expect(sample.json.message).toMatch(/^This is a sample listing/);
    expect((await put(token, { listing_id: addListing(seller.id, { kind: "wanted" }), quantity: 1 })).status).toBe(409);
    const own = await put(seller.token, { listing_id: addListing(seller.id), quantity: 1 });
    expect(own.status).toBe(409);
    expect(own.json.message).toMatch(/your own listing/);
    expect((await getCart(token)).items).toEqual([]);
  });

  it("shows why a line cannot be checked out as it is", async () => {
    const { token } = await registerMember(server);
    const fewer = addListing(seller.id, { title: "Fewer" });
    const paused = addListing(seller.id, { title: "Paused" });
    await put(token, { listing_id: fewer, quantity: 3 });
    await put(token, { listing_id: paused, quantity: 1 });
    updateListing(fewer, "quantity_left = 1");
    updateListing(paused, "status = 'paused'");
    const problems = (await getCart(token)).items.map((item: any) => [item.listing.title, item.problem]);
    expect(problems).toEqual([
      ["Fewer", "Only 1 piece left. Lower the quantity."],
      ["Paused", "Paused by the seller: it takes no requests now. Remove it or wait."],
    ]);
  });
});

describe("checkout", () => {
  it("refuses an empty cart with 409", async () => {
    const { token } = await registerMember(server);
    const answer = await checkout(token);
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ success: false, message: "Your cart is empty." });
  });

  it("refuses bad details with 400", async () => {
    const { token } = await registerMember(server);
    await put(token, { listing_id: addListing(seller.id), quantity: 1 });
    expect((await checkout(token, { handover: "teleport" })).status).toBe(400);
    expect((await checkout(token, { message: "x".repeat(2001) })).status).toBe(400);
    expect((await getCart(token)).items).toHaveLength(1);
  });

  it("sends one request per line, seller by seller, and empties the cart", async () => {
    const buyer = await registerMember(server);
    const chairs = addListing(seller.id, { title: "Chairs" });
    const cullet = addListing(otherSeller.id, { title: "Cullet", unit: "t", quantity: 2, price_cents: 4000 });
    const desks = addListing(seller.id, { title: "Desks", handover: "delivery" });
    await put(buyer.token, { listing_id: chairs, quantity: 2 });
    await put(buyer.token, { listing_id: cullet, quantity: 0.25 });
    await put(buyer.token, { listing_id: desks, quantity: 1 });
    const answer = await checkout(buyer.token, { message: "Friday suits us" });
    expect(answer.status).toBe(201);
    expect(answer.json.message).toBe("3 requests sent to 2 sellers; you will hear when they are answered.");
    const orders = answer.json.data.orders;
    expect(
      orders.map((order: any) => [order.seller.id, order.listing.title, order.quantity, order.handover, order.state]),
    ).toEqual([
      [seller.id, "Chairs", 2, "collection", "requested"],
      [seller.id, "Desks", 1, "delivery", "requested"],
      [otherSeller.id, "Cullet", 0.25, "collection", "requested"],
    ]);
    expect(orders.every((order: any) => order.buyer.id === buyer.id && order.message === "Friday suits us")).toBe(true);
    expect(orders[2].total_cents).toBe(1000);
    expect(await getCart(buyer.token)).toEqual({ items: [], sellers: [], total_cents: 0 });
    expect(orderCount(buyer.id)).toBe(3);
    // A second checkout finds the cart empty.
    expect((await checkout(buyer.token)).status).toBe(409);
  });

  it("uses one chosen handover for every request", async () => {
    const buyer = await registerMember(server);
    await put(buyer.token, { listing_id: addListing(seller.id), quantity: 1 });
    const answer = await checkout(buyer.token, { handover: "buyer_transport" });
    expect(answer.json.data.orders.map((order: any) => order.handover)).toEqual(["buyer_transport"]);
  });

  it("writes nothing when one line has become impossible, and names it", async () => {
    const buyer = await registerMember(server);
    const chairs = addListing(seller.id, { title: "Chairs" });
    const desks = addListing(otherSeller.id, { title: "Desks" });
    await put(buyer.token, { listing_id: chairs, quantity: 1 });
    await put(buyer.token, { listing_id: desks, quantity: 3 });
    updateListing(desks, "quantity_left = 2");
    const short = await checkout(buyer.token);
    expect(short.status).toBe(409);
    expect(short.json.message).toBe("Desks: Only 2 pieces left.");
    updateListing(desks, "quantity_left = 3, status = 'closed'");
    const closed = await checkout(buyer.token);
    expect(closed.status).toBe(404);
    expect(closed.json.message).toBe("Desks: This listing does not exist or takes no requests.");
    expect(orderCount(buyer.id)).toBe(0);
    expect((await getCart(buyer.token)).items).toHaveLength(2);
  });
});
