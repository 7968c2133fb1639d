import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, orders, reviews } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { listMessages, postMessage } from "./messages.server";
import type { OrderMail } from "./order-mails.server";
import { moveOrder, requestOrder } from "./orders.server";
import { listOrders } from "./store/orders.server";
import { ratingOf } from "./store/reputation.server";
import { leaveReview } from "./reviews.server";
import { reviewsOf } from "./store/reviews.server";
import { addListing as addTestListing, addMember } from "../../../tests/support/unit-factories";

/** Ten pallets unless told otherwise. */
const addListing = (owner: Viewer, fields: Parameters<typeof addTestListing>[1] = {}) =>
  addTestListing(owner, {
    title: "Pallets",
    description: "Euro pallets.",
    category: "wood",
    material: "wood",
    weightPerUnitKg: 25,
    priceCents: 800,
    quantity: 10,
    ...fields,
  });

async function ordered(viewer: Viewer, listingId: number, quantity = 1) {
  const outcome = await requestOrder(viewer, { listing_id: listingId, quantity });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.order;
}

async function moved(viewer: Viewer, orderId: number, action: "accept" | "decline" | "cancel" | "complete", reason?: string) {
  const outcome = await moveOrder(viewer, orderId, action, { reason });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.order;
}

/** The mails queued about an order, read before the runner sends them (it runs after this tick). */
const mailsAbout = async (orderId: number) =>
  (await getDb().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "order-mail")).all())
    .map((row) => row.payload as OrderMail)
    .filter((mail) => mail?.orderId === orderId);

async function completed(seller: Viewer, buyer: Viewer) {
  const order = await ordered(buyer, await addListing(seller));
  await moved(seller, order.id, "accept");
  await moved(buyer, order.id, "complete");
  return await moved(seller, order.id, "complete");
}

describe("listOrders", () => {
  let seller: Viewer;
  let buyer: Viewer;
  let other: Viewer;
  beforeAll(async () => {
    seller = await addMember("Lena");
    buyer = await addMember("Omar");
    other = await addMember("Ines");
  });

  it("lists the viewer's buying or selling, newest first, filtered by state, a page at a time with the total", async () => {
    const listingId = await addListing(seller);
    const first = await ordered(buyer, listingId);
    const second = await ordered(buyer, listingId);
    const third = await ordered(buyer, listingId);
    await ordered(other, listingId);
    await moved(seller, second.id, "accept");

    const buying = await listOrders(buyer, { role: "buying", page: 1, limit: 20 });
    expect(buying.total).toBe(3);
    expect(buying.orders.map((order) => order.id)).toEqual([third.id, second.id, first.id]);
    expect(await listOrders(buyer, { role: "selling", page: 1, limit: 20 })).toEqual({ orders: [], total: 0 });

    const selling = await listOrders(seller, { role: "selling", page: 1, limit: 20 });
    expect(selling.total).toBe(4);
    expect(await listOrders(seller, { role: "selling", state: "accepted", page: 1, limit: 20 })).toMatchObject({
      total: 1,
      orders: [{ id: second.id, state: "accepted", next_actions: ["cancel", "complete"] }],
    });
    expect((await listOrders(buyer, { role: "buying", state: "requested", page: 1, limit: 20 })).orders.map((o) => o.id)).toEqual(
      [third.id, first.id],
    );

    const page2 = await listOrders(buyer, { role: "buying", page: 2, limit: 2 });
    expect(page2).toMatchObject({ total: 3, orders: [{ id: first.id }] });
    expect(await listOrders(buyer, { role: "buying", page: 3, limit: 2 })).toEqual({ orders: [], total: 3 });
  });

  it("shows each order with its history and the viewer's own next actions", async () => {
    const order = await ordered(buyer, await addListing(seller));
    const [asSeller] = (await listOrders(seller, { role: "selling", state: "requested", page: 1, limit: 1 })).orders;
    expect(asSeller).toMatchObject({ id: order.id, next_actions: ["accept", "decline"], history: [{ action: "request" }] });
  });
});

describe("messages", () => {
  it("lets only the two parties read and write the thread, oldest first, in any state", async () => {
    const seller = await addMember("Mara");
    const buyer = await addMember("Noel");
    const stranger = await addMember("Uma");
    const order = await ordered(buyer, await addListing(seller));
    expect(await postMessage(buyer, order.id, "Can I come on Friday?")).toMatchObject({
      ok: true,
      order_message: { body: "Can I come on Friday?", author: { id: buyer.id, username: "Noel" } },
    });
    await moved(seller, order.id, "decline", "Already promised");
    expect(await postMessage(seller, order.id, "Sorry, next time.")).toMatchObject({ ok: true });
    expect((await listMessages(buyer, order.id))!.map((message) => message.body)).toEqual([
      "Can I come on Friday?",
      "Sorry, next time.",
    ]);
    expect(await listMessages(stranger, order.id)).toBeNull();
    expect(await postMessage(stranger, order.id, "Hello")).toMatchObject({ ok: false, reason: "not-found" });
    expect(await postMessage(buyer, 999_999, "Hello")).toMatchObject({ ok: false, reason: "not-found" });
    expect(await listMessages(seller, order.id)).toHaveLength(2);
  });
});

describe("reviews", () => {
  it("are refused before completion, then one per party, of the other party", async () => {
    const seller = await addMember("Pia");
    const buyer = addMember("Rui");
    const stranger = await addMember("Tom");
    const open = await ordered(await buyer, await addListing(seller));
    expect(await leaveReview(await buyer, open.id, { rating: 5, text: "Great" })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "You can review the other party once the order is completed.",
    });
    await moved(seller, open.id, "accept");
    expect(await leaveReview(await buyer, open.id, { rating: 5, text: "Great" })).toMatchObject({
      ok: false,
      reason: "conflict",
    });

    const order = await completed(seller, await buyer);
    expect(await leaveReview(stranger, order.id, { rating: 1, text: "Never met" })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await leaveReview(await buyer, order.id, { rating: 4, text: "Pallets as described" })).toMatchObject({
      ok: true,
      review: {
        rating: 4,
        text: "Pallets as described",
        author: { id: (await buyer).id },
        subject: { id: seller.id },
        order_id: order.id,
      },
    });
    expect(await leaveReview(await buyer, order.id, { rating: 1, text: "Changed my mind" })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "You have already reviewed this order.",
    });
    expect(await leaveReview(seller, order.id, { rating: 5, text: "Quick collection" })).toMatchObject({
      ok: true,
      review: { subject: { id: (await buyer).id } },
    });
    const stored = await getDb().select().from(reviews).where(eq(reviews.orderId, order.id)).all();
    expect(stored).toHaveLength(2);
    expect(await ratingOf(seller.id)).toEqual({ rating: 4, reviews_count: 1 });
  });

  it("reviewsOf lists what a member received, newest first, with the total", async () => {
    const seller = await addMember("Quinn");
    const buyers = [addMember("Ada"), addMember("Ben"), addMember("Cy")];
    for (const [index, buyer] of buyers.entries()) {
      const order = await completed(seller, await buyer);
      await leaveReview(await buyer, order.id, { rating: 3 + index, text: `Review ${index + 1}` });
    }
    expect(await reviewsOf(seller.id, { page: 1, limit: 2 })).toMatchObject({
      total: 3,
      reviews: [{ text: "Review 3", rating: 5 }, { text: "Review 2" }],
    });
    expect((await reviewsOf(seller.id, { page: 2, limit: 2 })).reviews.map((review) => review.text)).toEqual(["Review 1"]);
    expect(await reviewsOf((await buyers[0]).id, { page: 1, limit: 10 })).toEqual({ reviews: [], total: 0 });
    expect(await ratingOf(seller.id)).toEqual({ rating: 4, reviews_count: 3 });
  });
});

describe("mails to the other party", () => {
  it("queues one for the request, each move and each message, to the party who did not make it", async () => {
    const seller = await addMember("Vera");
    const buyer = await addMember("Wim");
    const order = await ordered(buyer, await addListing(seller, { title: "Crates" }));
    await moved(seller, order.id, "accept");
    await postMessage(buyer, order.id, "See you at nine");
    await moved(buyer, order.id, "complete");
    await moved(seller, order.id, "complete");
    const mails = await mailsAbout(order.id);
    expect((await mails).map((mail) => [mail.event, mail.name, mail.actor])).toEqual([
      ["request", "Vera", "Wim"],
      ["accept", "Wim", "Vera"],
      ["message", "Vera", "Wim"],
      ["complete", "Vera", "Wim"],
      ["completed", "Wim", "Vera"],
    ]);
    expect(mails[0]).toMatchObject({ title: "Crates", quantity: "1 piece", link: `http://circular.test/app/orders/${order.id}` });
    expect(mails[2].text).toBe("See you at nine");
  });

  it("carries the reason of a decline, and queues nothing for a refused move", async () => {
    const seller = await addMember("Xavi");
    const buyer = await addMember("Yara");
    const order = await ordered(buyer, await addListing(seller, { quantity: 1 }));
    expect(await moveOrder(buyer, order.id, "accept")).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await moveOrder(seller, order.id, "complete")).toMatchObject({ ok: false, reason: "conflict" });
    expect((await mailsAbout(order.id)).map((mail) => mail.event)).toEqual(["request"]);
    await moved(seller, order.id, "decline", "Gone already");
    expect((await mailsAbout(order.id)).at(-1)).toMatchObject({
      event: "decline",
      text: "Gone already",
      to: expect.stringMatching(/^yara-/),
    });
  });

  it("queues nothing when an acceptance is refused for want of stock", async () => {
    const seller = await addMember("Zed");
    const listingId = await addListing(seller, { quantity: 1 });
    const first = await ordered(await addMember("Abe"), listingId);
    const second = await ordered(await addMember("Bea"), listingId);
    await moved(seller, first.id, "accept");
    expect(await moveOrder(seller, second.id, "accept")).toMatchObject({ ok: false, reason: "conflict" });
    expect((await mailsAbout(second.id)).map((mail) => mail.event)).toEqual(["request"]);
    expect(
      (await getDb()
        .select()
        .from(orders)
        .where(and(eq(orders.id, second.id)))
        .get())!.state,
    ).toBe("requested");
  });
});
