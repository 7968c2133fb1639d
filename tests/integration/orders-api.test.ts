import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing as insertListing, requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * The orders API against the real server and database: every call, every refusal, the race for
 * the last pieces, and the mails each change sends to the other party. Listings are written
 * straight into the database (their own API is another module's).
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let seller: Member;
let buyer: Member;
let stranger: Member;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  [seller, buyer, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type ListingFields = {
  kind?: "sale" | "free" | "wanted";
  title?: string;
  quantity?: number;
  unit?: "piece" | "kg" | "t";
  price_cents?: number;
  status?: "active" | "paused" | "closed";
  is_sample?: number;
};

/** A listing written into the database as the listings module would store it. */
function addListing(owner: Member, fields: ListingFields = {}) {
  return insertListing(server, owner.id, fields);
}

const quantityLeft = (listingId: number) =>
  withDatabase(
    server,
    (db) => (db.prepare("SELECT quantity_left AS left FROM listings WHERE id = ?").get(listingId) as { left: number }).left,
  );

const call = (member: Member | undefined, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member?.token, headers: member ? { "x-forwarded-for": member.address } : {} });

async function request(member: Member, listingId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return call(member, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity, ...extra } });
}

const requested = (member: Member, listingId: number, quantity = 1) => requestOrder(server, member, listingId, { quantity });

const move = (member: Member, orderId: number, body: unknown) =>
  call(member, `/api/orders/${orderId}/transitions`, { method: "POST", body });

/**
 * A mail's subject as the reader sees it: nodemailer folds a long header over lines and writes a
 * subject with quotes as RFC 2047 encoded words, and the sink keeps only the first line.
 */
function subjectOf(raw: string) {
  const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/m.exec(header)?.[1] ?? "";
  return subject.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(
      text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );
}

/** The newest mail to `address` whose subject matches, waiting up to 20 s for it. */
async function mailTo(address: string, subject: RegExp) {
  const found = await smtp.waitForMails((mail) => mail.to.includes(address) && subject.test(subjectOf(mail.raw)), {
    timeoutMs: 20_000,
  });
  return found.at(-1)!;
}

// First, while the mail queue is empty: every later test queues mail too, and mail goes out one at a time.
describe("mails to the other party", () => {
  it("tells the seller of a request, the buyer of the acceptance and each party of the other's message, with the order's link", async () => {
    const listingId = addListing(seller, { title: "Oak offcuts", quantity: 20, unit: "kg", price_cents: 150 });
    const order = await requested(buyer, listingId, 12.5);
    const link = `http://hub.example.test/app/orders/${order.id}`;

    const asked = await mailTo(seller.email, /New request for "Oak offcuts"/);
    expect(asked.text).toContain("asks for 12.5 kg of your listing");
    expect(asked.text).toContain(link);

    await move(seller, order.id, { action: "accept" });
    const accepted = await mailTo(buyer.email, /Your request for "Oak offcuts" was accepted/);
    expect(accepted.text).toContain(link);

    await call(buyer, `/api/orders/${order.id}/messages`, { method: "POST", body: { body: "Arriving at 10 with a van" } });
    const message = await mailTo(seller.email, /New message about "Oak offcuts"/);
    expect(message.text).toContain("Arriving at 10 with a van");
    expect(message.text).toContain(link);

    await move(buyer, order.id, { action: "cancel", reason: "The van is booked elsewhere" });
    const cancelled = await mailTo(seller.email, /The order for "Oak offcuts" was cancelled/);
    expect(cancelled.text).toContain("Their reason: The van is booked elsewhere");

    // Nobody is told of their own move, and nobody else hears of the order at all.
    const about = smtp.mails.filter((mail) => mail.text.includes(link));
    expect(about.every((mail) => mail.to.length === 1)).toBe(true);
    expect(about.filter((mail) => mail.to[0] === buyer.email).map((mail) => subjectOf(mail.raw))).toEqual([
      'Your request for "Oak offcuts" was accepted',
    ]);
    expect(about.some((mail) => mail.to.includes(stranger.email))).toBe(false);
  });
});

describe("POST /api/orders", () => {
  it("opens a requested order with the listing, the parties and the caller's next actions", async () => {
    const listingId = addListing(seller);
    const response = await request(buyer, listingId, 2, { message: "Friday suits us", handover: "delivery" });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      success: true,
      data: {
        order: {
          listing: { id: listingId, title: "Office chairs", kind: "sale", unit: "piece" },
          quantity: 2,
          unit_price_cents: 2500,
          total_cents: 5000,
          state: "requested",
          buyer: { id: buyer.id },
          seller: { id: seller.id },
          handover: "delivery",
          message: "Friday suits us",
          confirmed_by: { buyer: false, seller: false },
          history: [{ action: "request", state: "requested", by: { id: buyer.id } }],
          next_actions: ["cancel"],
        },
      },
    });
    expect(quantityLeft(listingId)).toBe(3);
  });

  it("refuses one's own listing, a sample, more than is left (409), below one and bad bodies (400), closed and paused listings (404)", async () => {
    const listingId = addListing(seller);
    const own = await request(seller, listingId);
    expect(own.status).toBe(409);
    expect(own.json).toMatchObject({ success: false, message: "This is your own listing: you cannot order from yourself." });
    expect((await request(buyer, addListing(seller, { is_sample: 1 }))).status).toBe(409);
    const tooMany = await request(buyer, listingId, 4);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json).toEqual({
      success: false,
      message: "Only 3 pieces left.",
      errors: { quantity: "Only 3 pieces left." },
    });
    expect((await request(buyer, listingId, 0)).status).toBe(400);
    expect((await request(buyer, listingId, -2)).status).toBe(400);
    // A validation failure names its field, as every other one does (docs/api.md).
    const half = await request(buyer, listingId, 1.5);
    expect(half.status).toBe(400);
    expect(half.json).toEqual({
      success: false,
      message: "Choose a whole number of pieces.",
      errors: { quantity: "Choose a whole number of pieces." },
    });
    expect((await request(buyer, listingId, "many" as unknown as number)).status).toBe(400);
    expect((await call(buyer, "/api/orders", { method: "POST", body: { quantity: 1 } })).status).toBe(400);
    expect((await call(buyer, "/api/orders", { method: "POST", body: "{not json" })).status).toBe(400);
    expect((await request(buyer, listingId, 1, { handover: "teleport" })).status).toBe(400);
    for (const status of ["paused", "closed"] as const) {
      const refused = await request(buyer, addListing(seller, { status }));
      expect(refused.status).toBe(404);
      expect(refused.json.message).toBe("This listing does not exist or takes no requests.");
    }
    expect((await request(buyer, 99_999_999)).status).toBe(404);
    expect((await call(undefined, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 1 } })).status).toBe(
      401,
    );
    const mine = await call(buyer, "/api/orders?role=buying&limit=50");
    expect(mine.json.data.orders.every((order: { listing: { id: number } }) => order.listing.id !== listingId)).toBe(true);
  });
});

describe("GET /api/orders", () => {
  it("lists the caller's buying or selling, newest first, by state, with the total", async () => {
    const lister = await registerMember(server);
    const asker = await registerMember(server);
    const listingId = addListing(lister, { quantity: 10 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await requested(asker, listingId)).id);
    expect((await move(lister, ids[1], { action: "accept" })).status).toBe(200);

    const buying = await call(asker, "/api/orders?role=buying&limit=2");
    expect(buying.status).toBe(200);
    expect(buying.json.data.orders.map((order: { id: number }) => order.id)).toEqual([ids[2], ids[1]]);
    expect(buying.json.data.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const page2 = await call(asker, "/api/orders?role=buying&limit=2&page=2");
    expect(page2.json.data.orders.map((order: { id: number }) => order.id)).toEqual([ids[0]]);
    expect(page2.json.data.pagination.hasMore).toBe(false);

    const accepted = await call(lister, "/api/orders?role=selling&state=accepted");
    expect(accepted.json.data.orders).toMatchObject([{ id: ids[1], state: "accepted", next_actions: ["cancel", "complete"] }]);
    expect(accepted.json.data.pagination.total).toBe(1);
    expect((await call(lister, "/api/orders?role=buying")).json.data.pagination.total).toBe(0);
    expect((await call(asker, "/api/orders")).json.data.pagination.total).toBe(3);

    for (const query of ["role=everyone", "state=lost", "page=0", "limit=abc", "page=-1"]) {
      const refused = await call(asker, `/api/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.json.success).toBe(false);
    }
    expect((await call(undefined, "/api/orders")).status).toBe(401);
  });
});

describe("GET /api/orders/:id and the transitions", () => {
  it("moves an order through accept, both confirmations and completion, recording each in the history", async () => {
    const listingId = addListing(seller, { quantity: 5 });
    const order = await requested(buyer, listingId, 2);

    const asSeller = await call(seller, `/api/orders/${order.id}`);
    expect(asSeller.status).toBe(200);
    expect(asSeller.json.data.order.next_actions).toEqual(["accept", "decline"]);

    const accepted = await move(seller, order.id, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data.order).toMatchObject({ state: "accepted", next_actions: ["cancel", "complete"] });
    expect(quantityLeft(listingId)).toBe(3);

    const first = await move(buyer, order.id, { action: "complete", weight_kg: 24.5 });
    expect(first.json.data.order).toMatchObject({ state: "accepted", confirmed_by: { buyer: true, seller: false } });
    const twice = await move(buyer, order.id, { action: "complete" });
    expect(twice.status).toBe(409);
    const done = await move(seller, order.id, { action: "complete" });
    expect(done.status).toBe(200);
    expect(done.json.data.order).toMatchObject({
      state: "completed",
      weight_kg: 24.5,
      confirmed_by: { buyer: true, seller: true },
    });

    const read = await call(buyer, `/api/orders/${order.id}`);
    expect(read.json.data.order.history.map((event: { action: string; state: string }) => [event.action, event.state])).toEqual([
      ["request", "requested"],
      ["accept", "accepted"],
      ["complete", "accepted"],
      ["complete", "completed"],
    ]);
    expect(read.json.data.order.history[1]).toMatchObject({ by: { id: seller.id }, at: expect.any(String) });
    expect(read.json.data.order.next_actions).toEqual([]);
    expect(quantityLeft(listingId)).toBe(3);
  });

  it("answers 403 for the other party's move, 409 for a move the state forbids, 404 for a stranger, 400 for a bad body", async () => {
    const listingId = addListing(seller, { quantity: 2 });
    const order = await requested(buyer, listingId);

    const notYours = await move(buyer, order.id, { action: "accept" });
    expect(notYours.status).toBe(403);
    expect(notYours.json.message).toBe("Only the seller can accept this request.");
    expect((await move(seller, order.id, { action: "cancel" })).status).toBe(403);
    expect((await move(seller, order.id, { action: "complete" })).status).toBe(409);

    for (const response of [
      await call(stranger, `/api/orders/${order.id}`),
      await move(stranger, order.id, { action: "accept" }),
      await call(stranger, `/api/orders/${order.id}/messages`),
      await call(stranger, `/api/orders/${order.id}/messages`, { method: "POST", body: { body: "Hello" } }),
      await call(stranger, `/api/orders/${order.id}/reviews`, { method: "POST", body: { rating: 5, text: "Hi" } }),
      await call(buyer, "/api/orders/99999999"),
      await call(buyer, "/api/orders/abc"),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ success: false, message: "This order does not exist." });
    }

    for (const body of [
      {},
      { action: "steal" },
      { action: "complete", weight_kg: -3 },
      { action: "decline", reason: "x".repeat(501) },
    ]) {
      expect((await move(seller, order.id, body)).status).toBe(400);
    }

    const declined = await move(seller, order.id, { action: "decline", reason: "Promised to a neighbour" });
    expect(declined.status).toBe(200);
    expect(declined.json.data.order.history.at(-1)).toMatchObject({ action: "decline", reason: "Promised to a neighbour" });
    const again = await move(seller, order.id, { action: "accept" });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This order was declined, so nothing more can happen to it.");
    expect(quantityLeft(listingId)).toBe(2);
  });

  it("returns the reserved quantity when an accepted order is cancelled", async () => {
    const listingId = addListing(seller, { quantity: 4 });
    const order = await requested(buyer, listingId, 3);
    await move(seller, order.id, { action: "accept" });
    expect(quantityLeft(listingId)).toBe(1);
    const cancelled = await move(buyer, order.id, { action: "cancel", reason: "Van broke down" });
    expect(cancelled.json.data.order.state).toBe("cancelled");
    expect(quantityLeft(listingId)).toBe(4);
  });
});

describe("the race for the last pieces", () => {
  it("accepts exactly as many pieces as there are when the owner accepts many requests at once", async () => {
    const pieces = 4;
    const listingId = addListing(seller, { quantity: pieces });
    const askers = await Promise.all(Array.from({ length: 10 }, () => registerMember(server)));
    const orders = await Promise.all(askers.map((asker) => requested(asker, listingId)));
    const answers = await Promise.all(orders.map((order) => move(seller, order.id, { action: "accept" })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(pieces);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(10 - pieces);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json.message).toBe("Nothing is left of this listing. This request asks for more, so it cannot be accepted.");
    }
    expect(quantityLeft(listingId)).toBe(0);
    const accepted = withDatabase(
      server,
      (db) =>
        db.prepare("SELECT count(*) AS n FROM orders WHERE listing_id = ? AND state = 'accepted'").get(listingId) as {
          n: number;
        },
    );
    expect(accepted.n).toBe(pieces);
  });

  it("gives one acceptance for the last piece when requests and acceptances run at the same moment", async () => {
    const listingId = addListing(seller, { quantity: 1 });
    const askers = await Promise.all(Array.from({ length: 8 }, () => registerMember(server)));
    const answers = await Promise.all(
      askers.map(async (asker) => {
        const response = await request(asker, listingId);
        if (response.status !== 201) return response;
        return move(seller, response.json.data.order.id, { action: "accept" });
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.json.success).toBe(false);
      expect(answer.json.message).toMatch(/^Nothing is left of this listing\./);
    }
    expect(quantityLeft(listingId)).toBe(0);
  });
});

describe("messages", () => {
  it("lets the two parties write to each other, oldest first, and refuses empty messages", async () => {
    const order = await requested(buyer, addListing(seller));
    const sent = await call(buyer, `/api/orders/${order.id}/messages`, {
      method: "POST",
      body: { body: "Can I come on Friday?" },
    });
    expect(sent.status).toBe(201);
    expect(sent.json.data.message).toMatchObject({ body: "Can I come on Friday?", author: { id: buyer.id }, order_id: order.id });
    await call(seller, `/api/orders/${order.id}/messages`, { method: "POST", body: { body: "<b>Yes</b>, after 9" } });
    const thread = await call(seller, `/api/orders/${order.id}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.json.data.messages.map((message: { body: string }) => message.body)).toEqual([
      "Can I come on Friday?",
      "<b>Yes</b>, after 9",
    ]);
    for (const body of [{}, { body: "   " }, { body: "x".repeat(2001) }, { body: 42 }]) {
      expect((await call(buyer, `/api/orders/${order.id}/messages`, { method: "POST", body })).status).toBe(400);
    }
    expect((await call(buyer, `/api/orders/${order.id}/messages`)).json.data.messages).toHaveLength(2);
  });
});

describe("reviews", () => {
  it("are refused before completion (409), then one per party (a second is 409), and count in the rating", async () => {
    const order = await requested(buyer, addListing(seller));
    const review = (member: Member, body: unknown) => call(member, `/api/orders/${order.id}/reviews`, { method: "POST", body });
    const early = await review(buyer, { rating: 5, text: "Great" });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("You can review the other party once the order is completed.");
    await move(seller, order.id, { action: "accept" });
    await move(buyer, order.id, { action: "complete" });
    await move(seller, order.id, { action: "complete" });

    for (const body of [
      { rating: 0, text: "x" },
      { rating: 6, text: "x" },
      { rating: 4.5, text: "x" },
      { rating: 5 },
      { rating: 5, text: " " },
    ]) {
      expect((await review(buyer, body)).status).toBe(400);
    }
    const left = await review(buyer, { rating: 4, text: "Chairs as described" });
    expect(left.status).toBe(201);
    expect(left.json.data.review).toMatchObject({
      rating: 4,
      text: "Chairs as described",
      author: { id: buyer.id },
      subject: { id: seller.id },
      order_id: order.id,
    });
    const second = await review(buyer, { rating: 1, text: "Changed my mind" });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe("You have already reviewed this order.");
    expect((await review(seller, { rating: 5, text: "Quick collection" })).status).toBe(201);

    const stored = withDatabase(
      server,
      (db) =>
        db.prepare("SELECT author_id, subject_id, rating FROM reviews WHERE order_id = ? ORDER BY id").all(order.id) as unknown[],
    );
    expect(stored).toEqual([
      { author_id: buyer.id, subject_id: seller.id, rating: 4 },
      { author_id: seller.id, subject_id: buyer.id, rating: 5 },
    ]);
  });

  it("stores one of two reviews sent at the same moment", async () => {
    const order = await requested(buyer, addListing(seller));
    await move(seller, order.id, { action: "accept" });
    await move(buyer, order.id, { action: "complete" });
    await move(seller, order.id, { action: "complete" });
    const answers = await Promise.all(
      [1, 2, 3].map((rating) =>
        call(buyer, `/api/orders/${order.id}/reviews`, { method: "POST", body: { rating, text: "Fine" } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });
});
