import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing as insertListing, type ListingColumns } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * A member's page and the cart page as a browser without JavaScript meets them: HTML, and forms
 * posted to the page's action that answer with a redirect and a flash toast.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let visitor: Member;
let trader: Member;
let other: Member;

beforeAll(async () => {
  server = await startServer();
  [visitor, trader, other] = [await registerMember(server), await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

/** A listing written straight into the server's database (the listings API is tested on its own). */
function addListing(sellerId: number, title: string, { status = "active", quantity = 3 }: ListingColumns = {}): number {
  const columns = { description: "Described.", material: "wood", weight_per_unit_kg: 20, price_cents: 4500, location: "Ghent" };
  return insertListing(server, sellerId, { ...columns, title, status, quantity, is_sample: undefined });
}

/** An order that ended, and the review its buyer left, written straight into the database. */
function endedOrder(listingId: number, buyerId: number, sellerId: number, state: "completed" | "cancelled", rating?: number) {
  withDatabase(server, (db) => {
    const orderId = db
      .prepare(
        `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover)
         VALUES (?, ?, ?, 1, 4500, ?, 'collection')`,
      )
      .run(listingId, buyerId, sellerId, state).lastInsertRowid;
    // Only an order that was accepted before it was cancelled counts as cancelled on a member's page.
    db.prepare("INSERT INTO order_events (order_id, action, state, actor_id) VALUES (?, 'accept', 'accepted', ?)").run(
      orderId,
      sellerId,
    );
    if (rating) {
      db.prepare("INSERT INTO reviews (order_id, author_id, subject_id, rating, text) VALUES (?, ?, ?, ?, ?)").run(
        orderId,
        buyerId,
        sellerId,
        rating,
        `Rated ${rating}: the oak was as described.`,
      );
    }
  });
}

async function page(pathname: string, member: Member = visitor) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to a page's action, as a browser without JavaScript sends it. */
async function post(pathname: string, fields: Record<string, string>, member: Member = visitor) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams(fields),
  });
  const toast = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  return {
    status: response.status,
    location: response.headers.get("location"),
    // The flash toast is signed JSON: its title is what the member reads.
    toast: toast
      ? String(JSON.parse(Buffer.from(decodeURIComponent(toast).split(".")[0]!, "base64").toString()).title)
      : undefined,
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

const nameOf = async (member: Member) =>
  (await api(server, "/api/users/profile", { token: member.token })).json.user.username as string;

describe("a member's page", () => {
  it("shows who they are, their rating and order counts, open listings, reviews and posts", async () => {
    withDatabase(server, (db) =>
      db
        .prepare(
          "UPDATE users SET company = 'Oak & Co', location = 'Ghent', is_verified = 1, author_type = 'expert' WHERE id = ?",
        )
        .run(trader.id),
    );
    const desk = addListing(trader.id, "Reclaimed oak desk");
    addListing(trader.id, "Paused oak shelves", { status: "paused" });
    endedOrder(desk, visitor.id, trader.id, "completed", 4);
    endedOrder(desk, other.id, trader.id, "completed", 5);
    endedOrder(desk, other.id, trader.id, "cancelled");
    const post = await api(server, "/api/posts", {
      method: "POST",
      token: trader.token,
      body: { title: "How we dry oak offcuts", content: "Slowly.", category: "upcycling" },
    });
    expect(post.status).toBe(201);

    const { status, html } = await page(`/app/members/${trader.id}`);
    expect(status).toBe(200);
    expect(html).toContain(`>${await nameOf(trader)}</h2>`);
    expect(html).toContain("Oak &amp; Co");
    expect(html).toContain("Ghent");
    expect(html).toContain("Expert");
    expect(html).toContain("Verified");
    expect(html).toMatch(/data-testid="rating">4.5 of 5</);
    expect(html).toMatch(/data-testid="reviews-count">2</);
    expect(html).toMatch(/data-testid="completed-orders">2</);
    expect(html).toMatch(/data-testid="cancelled-orders">1</);
    expect(html).toContain(`href="/app/marketplace/${desk}"`);
    expect(html).toContain("Reclaimed oak desk");
    expect(html).not.toContain("Paused oak shelves");
    expect(html).toContain("Rated 5: the oak was as described.");
    expect(html).toContain(`href="/app/members/${visitor.id}"`);
    expect(html).toContain("How we dry oak offcuts");
    expect(html).toContain(">Follow<");
    // Private details never show.
    expect(html).not.toContain(trader.email);
  });

  it("answers a missing member with 404", async () => {
    for (const id of ["99999999", "abc", "0", "01"]) {
      const { status, html } = await page(`/app/members/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain("Member not found");
    }
  });

  it("shows the member's own page without a follow button", async () => {
    const { status, html } = await page(`/app/members/${visitor.id}`);
    expect(status).toBe(200);
    expect(html).toContain("This is you: edit your profile");
    expect(html).not.toContain(">Follow<");
  });

  it("follows and unfollows through the form, coming back to the page with a toast", async () => {
    const name = await nameOf(other);
    const followed = await post(`/app/members/${other.id}`, { intent: "follow" });
    expect(followed.status).toBe(302);
    expect(followed.location).toBe(`/app/members/${other.id}`);
    expect(followed.toast).toContain(`You now follow ${name}`);
    const after = await page(`/app/members/${other.id}`);
    expect(after.html).toContain(">Unfollow<");
    expect(after.html).toMatch(/data-testid="followers">1 follower</);

    const unfollowed = await post(`/app/members/${other.id}`, { intent: "unfollow" });
    expect(unfollowed.toast).toContain(`You no longer follow ${name}`);
    expect((await page(`/app/members/${other.id}`)).html).toMatch(/data-testid="followers">0 followers</);
  });

  it("refuses to follow oneself or nobody, changing nothing", async () => {
    const self = await post(`/app/members/${visitor.id}`, { intent: "follow", _enhanced: "1" });
    expect(self.status).toBe(400);
    expect((await post("/app/members/99999999", { intent: "follow", _enhanced: "1" })).status).toBe(404);
    expect((await post(`/app/members/${other.id}`, { intent: "befriend", _enhanced: "1" })).status).toBe(400);
  });

  it("links the authors of posts in the community feed to their page", async () => {
    const { html } = await page("/app/community?tab=trending&search=dry+oak+offcuts");
    expect(html).toContain("How we dry oak offcuts");
    expect(html).toContain(`href="/app/members/${trader.id}"`);
  });
});

describe("the cart page", () => {
  it("shows an empty cart with a way to the marketplace", async () => {
    const shopper = await registerMember(server);
    const { status, html } = await page("/app/cart", shopper);
    expect(status).toBe(200);
    expect(html).toContain("Your cart is empty.");
    expect(html).toContain('href="/app/marketplace"');
    const refused = await post("/app/cart", { intent: "checkout" }, shopper);
    expect(refused.status).toBe(409);
    expect(refused.html).toMatch(/role="alert"[^>]*>Your cart is empty\.</);
  });

  it("changes and removes lines and sends the requests with forms", async () => {
    const shopper = await registerMember(server);
    const chairs = addListing(trader.id, "Bentwood chairs", { quantity: 5 });
    const stools = addListing(other.id, "Cork stools");

    const added = await post("/app/cart", { intent: "quantity", listing_id: String(chairs), quantity: "2" }, shopper);
    expect(added.status).toBe(302);
    expect(added.location).toBe("/app/cart");
    await post("/app/cart", { intent: "quantity", listing_id: String(stools), quantity: "1" }, shopper);
    let cart = await page("/app/cart", shopper);
    expect(cart.html).toContain(`href="/app/marketplace/${chairs}"`);
    expect(cart.html).toContain(`href="/app/members/${trader.id}"`);
    expect(cart.html).toContain(`Total from ${await nameOf(trader)}`);
    expect(cart.html).toMatch(/data-testid="cart-total"><span>\$135</);

    const changed = await post("/app/cart", { intent: "quantity", listing_id: String(chairs), quantity: "4" }, shopper);
    expect(changed.toast).toContain("Your cart now holds 4 pieces of Bentwood chairs.");
    const tooMany = await post("/app/cart", { intent: "quantity", listing_id: String(chairs), quantity: "6" }, shopper);
    expect(tooMany.status).toBe(302);
    expect(tooMany.toast).toContain("Only 5 pieces left.");
    const bad = await post(
      "/app/cart",
      { intent: "quantity", listing_id: String(chairs), quantity: "lots", _enhanced: "1" },
      shopper,
    );
    expect(bad.status).toBe(400);
    cart = await page("/app/cart", shopper);
    expect(cart.html).toMatch(/data-testid="cart-total"><span>\$225</);

    const removed = await post("/app/cart", { intent: "remove", listing_id: String(stools) }, shopper);
    expect(removed.toast).toContain("Removed from your cart.");
    cart = await page("/app/cart", shopper);
    expect(cart.html).not.toContain("Cork stools");

    const sent = await post("/app/cart", { intent: "checkout", message: "Tuesday morning?", handover: "" }, shopper);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/app/orders");
    expect(sent.toast).toContain("1 request sent to 1 seller");
    const orders = withDatabase(server, (db) =>
      db.prepare("SELECT listing_id, quantity, message FROM orders WHERE buyer_id = ?").all(shopper.id),
    );
    expect(orders).toEqual([{ listing_id: chairs, quantity: 4, message: "Tuesday morning?" }]);
    expect((await page("/app/cart", shopper)).html).toContain("Your cart is empty.");
  });

  it("refuses a checkout with a line that became impossible, showing why on the page", async () => {
    const shopper = await registerMember(server);
    const shelves = addListing(trader.id, "Pine shelves");
    await post("/app/cart", { intent: "quantity", listing_id: String(shelves), quantity: "3" }, shopper);
    withDatabase(server, (db) => db.prepare("UPDATE listings SET quantity_left = 1 WHERE id = ?").run(shelves));
    expect((await page("/app/cart", shopper)).html).toContain("Only 1 piece left. Lower the quantity.");
    const refused = await post("/app/cart", { intent: "checkout" }, shopper);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Pine shelves: Only 1 piece left.");
    const tooLong = await post("/app/cart", { intent: "checkout", message: "x".repeat(2001) }, shopper);
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("The message must be at most 2000 characters");
  });

  it("links the cart from the marketplace with its count", async () => {
    const { html } = await page("/app/marketplace");
    expect(html).toMatch(/href="\/app\/cart"[^>]*>.*Cart: <span data-testid="cart-count">\d+<\/span>/s);
  });
});
