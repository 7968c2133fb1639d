import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { createTestDatabase } from "../support/postgres";

/**
 * A member's day on PostgreSQL, through the API alone (every answer checked against the API
 * document by api()): the same answers the SQLite suites expect, on the second engine.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let ada: Member;
let bo: Member;

beforeAll(async () => {
  database = await createTestDatabase("flows");
  // SEED=1: the sample community is written on PostgreSQL too.
  server = await startServer({ DATABASE_URL: database.url, SEED: "1" });
  ada = await registerMember(server);
  bo = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const call = (who: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: who.token, headers: { "x-forwarded-for": who.address } });

async function post(who: Member, title: string, content: string) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "x-forwarded-for": who.address },
    body: multipart([
      ["title", title],
      ["content", content],
      ["category", "recycling"],
    ]),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { post: { id: number } } }).data.post.id;
}

describe("on PostgreSQL", () => {
  it("seeds the sample community and answers the health check", async () => {
    expect(server.logs()).toContain("Sample content: seeded into the empty database");
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it("shows a post to a follower, counts likes and comments, and tells its author", async () => {
    const postId = await post(ada, "Cardboard bales every Friday", "Flattened cardboard, collected from the market hall.");
    expect((await call(bo, `/api/users/${ada.id}/follow`, { method: "POST" })).status).toBe(200);
    const following = await call(bo, "/api/feed/following");
    expect(following.status).toBe(200);
    expect(following.json.data.posts.map((p: { id: number }) => p.id)).toContain(postId);
    expect((await call(bo, `/api/posts/${postId}/interactions`, { method: "POST", body: { type: "like" } })).status).toBe(200);
    const comment = await call(bo, `/api/posts/${postId}/comments`, { method: "POST", body: { content: "Count me in." } });
    expect(comment.status).toBe(201);
    const read = await call(ada, `/api/posts/${postId}`);
    expect(read.json.data.post).toMatchObject({ likes_count: 1, comments_count: 1 });
    const notifications = await call(ada, "/api/notifications");
    expect(notifications.json.data.notifications.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining(["follow", "like", "comment"]),
    );
  });

  it("finds posts and listings by their words, with typo tolerance", async () => {
    const found = await call(bo, "/api/feed/search?query=cardboard");
    expect(found.status).toBe(200);
    expect(found.json.data.posts[0].title).toBe("Cardboard bales every Friday");
    const listing = await call(ada, "/api/listings", {
      method: "POST",
      body: {
        kind: "sale",
        title: "Baled cardboard, dry",
        description: "Twenty bales from the market hall.",
        category: "paper",
        material: "paper",
        condition: "scrap",
        quantity: 20,
        unit: "piece",
        weight_per_unit_kg: 300,
        price_cents: 2500,
        location: "Leeds, West Yorkshire",
        handover: "collection",
      },
    });
    expect(listing.status).toBe(201);
    const search = await call(bo, `/api/search?q=${encodeURIComponent("cardbord")}`);
    expect(search.status).toBe(200);
    expect(search.json.data.listings.items.map((l: { title: string }) => l.title)).toContain("Baled cardboard, dry");
    expect(search.json.data.posts.items.map((p: { title: string }) => p.title)).toContain("Cardboard bales every Friday");
  });

  it("takes an order from request to acceptance, with the stock reserved", async () => {
    const listings = await call(bo, "/api/listings?search=cardboard");
    const listingId = listings.json.data.listings.find((l: { title: string }) => l.title === "Baled cardboard, dry").id;
    const ordered = await call(bo, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 3 } });
    expect(ordered.status).toBe(201);
    const orderId = ordered.json.data.order.id;
    const accepted = await call(ada, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "accept" } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data.order.state).toBe("accepted");
    const after = await call(bo, `/api/listings/${listingId}`);
    expect(after.json.data.listing.quantity_left).toBe(17);
  });

  it("keeps a member's ledger and the platform's figures", async () => {
    const entry = await call(bo, "/api/impact/entries", {
      method: "POST",
      body: { date: "2025-03-14", material: "metals", weight_kg: 250, treatment: "recycled" },
    });
    expect(entry.status).toBe(201);
    const impact = await call(bo, "/api/impact");
    expect(impact.status).toBe(200);
    const platform = await api(server, "/api/impact/platform");
    expect(platform.status).toBe(200);
  });

  it("exports a member's data and deletes the account", async () => {
    const exported = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${bo.token}` } });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain(bo.email);
    const leaving = await registerMember(server);
    await post(leaving, "Last words", "Moving away.");
    const deleted = await call(leaving, "/api/users/me", { method: "DELETE", body: { password: leaving.password } });
    expect(deleted.status).toBe(200);
    expect((await call(leaving, "/api/users/profile")).status).toBe(401);
  });
});
