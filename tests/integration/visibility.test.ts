import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * What moderators hid and what members blocked, as API clients and browsers without JavaScript
 * meet it. Things are hidden here with an SQL UPDATE on the server's database (the admin API that
 * hides them is tested with the reports); the server reads hidden_at afresh on every request.
 *
 * The community keeps lists for 5 seconds and its figures for a minute, and a direct SQL write
 * does not drop them (the moderation module's hide does). So each test creates its posts (which
 * drops every kept list), hides, and only then asks for any list: no list was computed between.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let author: Member;
let reader: Member;
let admin: Member;

beforeAll(async () => {
  server = await startServer();
  [author, reader] = [await registerMember(server), await registerMember(server)];
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, member: Member) => api(server, pathname, { token: member.token });
const send = (method: string, pathname: string, member: Member, body?: unknown) =>
  api(server, pathname, { method, token: member.token, body });

async function publish(member: Member, fields: Record<string, unknown>) {
  const response = await send("POST", "/api/posts", member, { content: "Seen at the depot.", category: "recycling", ...fields });
  expect(response.status).toBe(201);
  return response.json.data.post as { id: number; title: string };
}

const hidePost = (id: number) =>
  withDatabase(server, (db) => db.prepare("UPDATE posts SET hidden_at = ? WHERE id = ?").run(Date.now(), id));

/** As the moderation module hides a comment: it leaves its post's comments_count with it. */
const hideComment = (id: number) =>
  withDatabase(server, (db) => {
    db.prepare("UPDATE post_comments SET hidden_at = ? WHERE id = ?").run(Date.now(), id);
    db.prepare(
      "UPDATE posts SET comments_count = comments_count - 1 WHERE id = (SELECT post_id FROM post_comments WHERE id = ?)",
    ).run(id);
  });

const idsOf = (response: { json: { data: { posts: { id: number }[] } } }) => response.json.data.posts.map((post) => post.id);

/** A page as a browser without JavaScript gets it. */
async function page(pathname: string, member: Member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to a page's action, as a browser without JavaScript sends it. */
async function post(pathname: string, fields: Record<string, string>, member: Member) {
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
    toast: toast
      ? String(JSON.parse(Buffer.from(decodeURIComponent(toast).split(".")[0]!, "base64").toString()).title)
      : undefined,
  };
}

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));

describe("a hidden post", () => {
  it("is gone from every feed, search, figure and list for members, answers 404 like a missing post, and stays with its author and admins, marked", async () => {
    expect((await send("POST", `/api/users/${author.id}/follow`, reader)).status).toBe(200);
    const kept = await publish(author, { title: "Zephyrwort kept", location_name: "Quillton", tags: ["zephyrtag"] });
    // The hidden one carries a photo: its file must go with it.
    const withPhoto = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${author.token}` },
      body: multipart([
        ["title", "Zephyrwort concealed"],
        ["content", "Seen at the depot."],
        ["category", "recycling"],
        ["location_name", "Quillton"],
        ["tags", JSON.stringify(["zephyrtag"])],
        ["media_0", PNG, "bike.png", "image/png"],
      ]),
    });
    expect(withPhoto.status).toBe(201);
    const concealed = (await withPhoto.json()).data.post as { id: number; media_urls: string[] };
    expect(concealed.media_urls).toHaveLength(1);
    // Saved and liked before the hide.
    expect((await send("POST", `/api/posts/${concealed.id}/interactions`, reader, { type: "save" })).status).toBe(200);
    hidePost(concealed.id);

    for (const member of [reader, author, admin]) {
      // Every member shares the lists: nobody finds a hidden post in them, its author and admins neither.
      for (const feed of ["personalized", "trending", "local", "following"]) {
        for (const sortBy of ["score", "recent", "popular"]) {
          const response = await get(`/api/feed/${feed}?search=zephyrwort&location=Quillton&sortBy=${sortBy}&limit=50`, member);
          expect(response.status).toBe(200);
          if (member === reader) expect(idsOf(response), `${feed} ${sortBy}`).toContain(kept.id);
          expect(idsOf(response), `${feed} ${sortBy}`).not.toContain(concealed.id);
        }
      }
      expect(idsOf(await get("/api/feed/category/recycling?search=zephyrwort&limit=50", member))).toEqual([kept.id]);
      expect(idsOf(await get("/api/feed/search?query=zephyrwort", member))).toEqual([kept.id]);
      // The community's figures count every post but the hidden ones, for everyone.
      const figures = (await get("/api/feed/analytics", member)).json.data;
      const counts = withDatabase(server, (db) => ({
        listed: (db.prepare("SELECT count(*) AS n FROM posts WHERE hidden_at IS NULL").get() as { n: number }).n,
        recycling: (
          db.prepare("SELECT count(*) AS n FROM posts WHERE hidden_at IS NULL AND category = 'recycling'").get() as { n: number }
        ).n,
      }));
      expect(figures.totals.posts).toBe(counts.listed);
      expect(figures.categories.find((row: { category: string }) => row.category === "recycling").posts).toBe(counts.recycling);
    }

    // For another member it does not exist: the same answer as a post that never did.
    const missing = await get("/api/posts/987654321", reader);
    const read = await get(`/api/posts/${concealed.id}`, reader);
    expect(read.status).toBe(404);
    expect(read.json).toEqual(missing.json);
    for (const type of ["like", "save", "share", "view"]) {
      const response = await send("POST", `/api/posts/${concealed.id}/interactions`, reader, { type });
      expect(response.status, type).toBe(404);
      expect(response.json.message).toBe(missing.json.message);
    }
    expect((await send("POST", `/api/posts/${concealed.id}/comments`, reader, { content: "Hello?" })).status).toBe(404);
    expect((await get(`/api/posts/${concealed.id}/comments`, reader)).status).toBe(404);
    expect((await get(`/api/posts/${concealed.id}/likes`, reader)).status).toBe(404);
    expect(idsOf(await get("/api/users/saved?limit=50", reader))).not.toContain(concealed.id);
    const forReader = await page(`/app/members/${author.id}`, reader);
    expect(forReader.html).toContain("Zephyrwort kept");
    expect(forReader.html).not.toContain("Zephyrwort concealed");
    expect((await page(`/app/community?post=${concealed.id}`, reader)).html).not.toContain("Zephyrwort concealed");
    // Its file goes to nobody else, signed in or not.
    const file = new URL(concealed.media_urls[0]!, server.url).pathname;
    expect((await fetch(server.url + file)).status).toBe(404);
    expect((await fetch(server.url + file, { headers: { cookie: `session=${reader.token}` } })).status).toBe(404);

    // Its author and admins still read it, by its address and on the author's page, marked.
    for (const member of [author, admin]) {
      const own = await get(`/api/posts/${concealed.id}`, member);
      expect(own.status).toBe(200);
      expect(own.json.data.post).toMatchObject({ id: concealed.id, is_hidden: true });
      const photo = await fetch(server.url + file, { headers: { cookie: `session=${member.token}` } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await get(`/api/posts/${kept.id}`, reader)).json.data.post.is_hidden).toBe(false);
    const forAuthor = await page(`/app/members/${author.id}`, author);
    expect(forAuthor.html).toContain("Zephyrwort concealed");
    expect(forAuthor.html).toContain("Hidden by moderators");
    expect(forAuthor.html).toContain("Only you and moderators can see it.");
    const forAdmin = await page(`/app/members/${author.id}`, admin);
    expect(forAdmin.html).toContain("Zephyrwort concealed");
    expect(forAdmin.html).toContain(">Hidden</span>");
    expect(forAdmin.html).not.toContain("Hidden by moderators");
  });
});

describe("a hidden comment", () => {
  it("leaves the comment list and the count once, and deleting it afterwards does not lower the count again", async () => {
    const target = await publish(author, { title: "Comments under moderation" });
    const commenter = await registerMember(server);
    const first = await send("POST", `/api/posts/${target.id}/comments`, commenter, { content: "Useful, thanks." });
    const second = await send("POST", `/api/posts/${target.id}/comments`, commenter, { content: "Buy cheap watches here." });
    expect(second.status).toBe(201);
    const hiddenId = second.json.data.comment.id as number;
    hideComment(hiddenId);

    const contents = async (member: Member) =>
      (await get(`/api/posts/${target.id}/comments`, member)).json.data.comments.map(
        (comment: { content: string; is_hidden: boolean }) => [comment.content, comment.is_hidden],
      );
    expect(await contents(reader)).toEqual([["Useful, thanks.", false]]);
    expect(await contents(author)).toEqual([["Useful, thanks.", false]]);
    expect(await contents(commenter)).toEqual([
      ["Buy cheap watches here.", true],
      ["Useful, thanks.", false],
    ]);
    expect(await contents(admin)).toHaveLength(2);
    const count = async () => (await get(`/api/posts/${target.id}`, reader)).json.data.post.comments_count;
    expect(await count()).toBe(1);

    // Nobody else edits or deletes it: a member does not see it (404), an admin sees it but it is not theirs (403).
    const path = `/api/posts/${target.id}/comments/${hiddenId}`;
    expect((await send("PATCH", path, reader, { content: "Changed" })).status).toBe(404);
    expect((await send("DELETE", path, reader)).status).toBe(404);
    expect((await send("DELETE", path, admin)).status).toBe(403);
    // Its author deletes it: it had already left the count.
    expect((await send("DELETE", path, commenter)).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await send("DELETE", `/api/posts/${target.id}/comments/${first.json.data.comment.id}`, commenter)).status).toBe(200);
    expect(await count()).toBe(0);
  });
});

describe("a hidden listing", () => {
  const listing = {
    kind: "sale",
    description: "Sorted and baled last week.",
    category: "plastics",
    material: "plastics",
    condition: "scrap",
    quantity: 12,
    unit: "piece",
    weight_per_unit_kg: 250,
    price_cents: 4000,
    location: "Leeds",
    handover: "collection",
  };

  it("leaves the search, its page, the cart and requests, while orders made before go on between their parties", async () => {
    const seller = await registerMember(server);
    const buyer = await registerMember(server);
    const create = async (title: string) => {
      const response = await send("POST", "/api/listings", seller, { ...listing, title });
      expect(response.status).toBe(201);
      return response.json.data.listing.id as number;
    };
    const kept = await create("Xylobale kept");
    const concealed = await create("Xylobale concealed");
    const before = await send("POST", "/api/orders", buyer, { listing_id: concealed, quantity: 1 });
    expect(before.status).toBe(201);
    expect((await send("PUT", "/api/cart", buyer, { listing_id: concealed, quantity: 1 })).status).toBe(200);
    withDatabase(server, (db) => db.prepare("UPDATE listings SET hidden_at = ? WHERE id = ?").run(Date.now(), concealed));
    // The line is gone from the cart and from the cart link's count alike.
    expect((await get("/api/cart", buyer)).json.data.cart.items).toEqual([]);
    expect((await page("/app/marketplace", buyer)).html).toMatch(/data-testid="cart-count">0</);

    for (const member of [buyer, seller, admin]) {
      const search = await get("/api/listings?search=xylobale", member);
      expect(search.json.data.listings.map((item: { id: number }) => item.id)).toEqual([kept]);
      expect(search.json.data.pagination.total).toBe(1);
    }
    const missing = await get("/api/listings/987654321", buyer);
    const read = await get(`/api/listings/${concealed}`, buyer);
    expect(read.status).toBe(404);
    expect(read.json).toEqual(missing.json);
    expect((await page(`/app/marketplace/${concealed}`, buyer)).status).toBe(404);
    expect((await send("PUT", "/api/cart", buyer, { listing_id: concealed, quantity: 1 })).status).toBe(404);
    expect((await send("POST", "/api/orders", buyer, { listing_id: concealed, quantity: 1 })).status).toBe(404);
    expect((await page(`/app/members/${seller.id}`, buyer)).html).not.toContain("Xylobale concealed");

    for (const member of [seller, admin]) {
      const own = await get(`/api/listings/${concealed}`, member);
      expect(own.status).toBe(200);
      expect(own.json.data.listing.is_hidden).toBe(true);
    }
    const sellersPage = await page(`/app/marketplace/${concealed}`, seller);
    expect(sellersPage.status).toBe(200);
    expect(sellersPage.html).toContain("Hidden by moderators");
    expect((await page("/app/marketplace/mine", seller)).html).toContain("Only you and moderators can see it.");

    // The order made before the hide goes on: accepted, talked about.
    const orderId = before.json.data.order.id as number;
    expect((await send("POST", `/api/orders/${orderId}/transitions`, seller, { action: "accept" })).status).toBe(200);
    expect((await send("POST", `/api/orders/${orderId}/messages`, buyer, { body: "Collecting on Friday." })).status).toBe(201);
  });
});

describe("blocking", () => {
  it("answers {blocked}, is idempotent both ways, lists the blocked and refuses yourself, unknown, deleted members and more than the limit", async () => {
    const [blocker, blocked, gone] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    const block = (member: Member, id: number | string, method = "POST") => send(method, `/api/users/${id}/block`, member);
    for (let i = 0; i < 2; i++) {
      const response = await block(blocker, blocked.id);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({ blocked: true });
    }
    const list = await get("/api/users/blocked", blocker);
    expect(list.status).toBe(200);
    expect(list.json.data.users).toEqual([
      { id: blocked.id, username: expect.any(String), blocked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(list.json.data.pagination).toMatchObject({ page: 1, total: 1, hasMore: false });

    expect((await block(blocker, blocker.id)).status).toBe(400);
    expect((await block(blocker, 987654321)).status).toBe(404);
    expect((await block(blocker, "nobody")).status).toBe(404);
    expect((await send("DELETE", "/api/users/me", gone, { password: gone.password })).status).toBe(200);
    expect((await block(blocker, gone.id)).status).toBe(404);
    expect((await get("/api/users/blocked", blocker)).json.data.pagination.total).toBe(1);

    for (let i = 0; i < 2; i++) {
      const response = await block(blocker, blocked.id, "DELETE");
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({ blocked: false });
    }
    expect((await get("/api/users/blocked", blocker)).json.data.users).toEqual([]);

    // At the limit a new block is refused, and nothing is written.
    withDatabase(server, (db) => {
      const addUser = db.prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, '!')");
      const addBlock = db.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)");
      db.transaction(() => {
        for (let i = 0; i < 1000; i++) {
          const id = addUser.run(`Filler ${i}`, `filler${i}@example.org`).lastInsertRowid;
          addBlock.run(blocker.id, id);
        }
      })();
    });
    const refused = await block(blocker, blocked.id);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/at most 1,000/);
    expect((await get("/api/users/blocked", blocker)).json.data.pagination.total).toBe(1000);
    withDatabase(server, (db) => db.prepare("DELETE FROM blocks WHERE blocker_id = ?").run(blocker.id));
  });

  it("hides the blocked member's posts, comments and listings from the blocker, ends follows, and refuses follows, orders, messages and notifications across it", async () => {
    const [blocker, blocked] = [await registerMember(server), await registerMember(server)];
    // Before the block: they follow each other, have an accepted order, and write.
    expect((await send("POST", `/api/users/${blocked.id}/follow`, blocker)).status).toBe(200);
    expect((await send("POST", `/api/users/${blocker.id}/follow`, blocked)).status).toBe(200);
    const theirListing = (
      await send("POST", "/api/listings", blocked, {
        kind: "sale",
        title: "Quokkacrate from the blocked",
        description: "Crates.",
        category: "plastics",
        material: "plastics",
        condition: "used",
        quantity: 10,
        unit: "piece",
        weight_per_unit_kg: 2,
        price_cents: 100,
        location: "Leeds",
        handover: "collection",
      })
    ).json.data.listing.id as number;
    const myListing = (
      await send("POST", "/api/listings", blocker, {
        kind: "sale",
        title: "Quokkacrate from the blocker",
        description: "Crates.",
        category: "plastics",
        material: "plastics",
        condition: "used",
        quantity: 10,
        unit: "piece",
        weight_per_unit_kg: 2,
        price_cents: 100,
        location: "Leeds",
        handover: "collection",
      })
    ).json.data.listing.id as number;
    const order = (await send("POST", "/api/orders", blocker, { listing_id: theirListing, quantity: 1 })).json.data.order.id;
    expect((await send("POST", `/api/orders/${order}/transitions`, blocked, { action: "accept" })).status).toBe(200);
    const theirPost = await publish(blocked, { title: "Quokkapost by the blocked" });
    const myPost = await publish(blocker, { title: "Quokkapost by the blocker" });
    expect(
      (await send("POST", `/api/posts/${myPost.id}/comments`, blocked, { content: "A comment by the blocked." })).status,
    ).toBe(201);
    // A line put in the cart before the block.
    expect((await send("PUT", "/api/cart", blocked, { listing_id: myListing, quantity: 1 })).status).toBe(200);
    expect((await send("POST", `/api/users/${blocked.id}/block`, blocker)).status).toBe(200);

    // Follows ended both ways.
    const analytics = async (member: Member) => (await get("/api/feed/analytics", member)).json.data.you;
    expect(await analytics(blocker)).toMatchObject({ following: 0, followers: 0 });
    expect(await analytics(blocked)).toMatchObject({ following: 0, followers: 0 });

    // The blocker sees nothing of theirs.
    const titles = async (member: Member) => idsOf(await get("/api/feed/search?query=quokkapost", member));
    expect(await titles(blocker)).toEqual([myPost.id]);
    expect((await get(`/api/posts/${theirPost.id}`, blocker)).status).toBe(404);
    expect((await get(`/api/posts/${myPost.id}/comments`, blocker)).json.data.comments).toEqual([]);
    const listingIds = async (member: Member) =>
      (await get("/api/listings?search=quokkacrate", member)).json.data.listings.map((item: { id: number }) => item.id);
    expect(await listingIds(blocker)).toEqual([myListing]);
    expect((await get(`/api/listings/${theirListing}`, blocker)).status).toBe(404);
    // The blocked member still sees the blocker's things (a block is not a hide), but cannot reach them.
    expect((await titles(blocked)).sort()).toEqual([theirPost.id, myPost.id].sort());
    expect((await listingIds(blocked)).sort()).toEqual([theirListing, myListing].sort());

    // Neither follows, orders from or messages the other.
    for (const [from, to] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const follow = await send("POST", `/api/users/${to.id}/follow`, from);
      expect(follow.status).toBe(403);
      expect(follow.json.message).toBe("You cannot follow this member.");
      const message = await send("POST", `/api/orders/${order}/messages`, from, { body: "Hello?" });
      expect(message.status).toBe(403);
      expect(message.json.message).toBe("You cannot message this member.");
    }
    const ordered = await send("POST", "/api/orders", blocked, { listing_id: myListing, quantity: 1 });
    expect(ordered.status).toBe(403);
    expect(ordered.json.message).toBe("You cannot order from this member.");
    // Neither a new line nor a changed one: the cart refuses what its checkout would.
    for (const quantity of [1, 2]) {
      const carted = await send("PUT", "/api/cart", blocked, { listing_id: myListing, quantity });
      expect(carted.status).toBe(403);
      expect(carted.json.message).toBe("You cannot order from this member.");
    }
    expect((await get("/api/cart", blocked)).json.data.cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([
      1,
    ]);
    const checkout = await send("POST", "/api/cart/checkout", blocked, {});
    expect(checkout.status).toBe(403);
    expect(checkout.json.message).toMatch(/You cannot order from this member\./);
    // The blocker does not see the blocked member's listing at all.
    expect((await send("POST", "/api/orders", blocker, { listing_id: theirListing, quantity: 1 })).status).toBe(404);

    // The blocked member's doings reach the blocker no more.
    const unread = async (member: Member) => (await get("/api/notifications", member)).json.data.unread_count as number;
    const before = await unread(blocker);
    expect((await send("POST", `/api/posts/${myPost.id}/interactions`, blocked, { type: "like" })).status).toBe(200);
    expect((await send("POST", `/api/posts/${myPost.id}/comments`, blocked, { content: "Still here." })).status).toBe(201);
    expect(await unread(blocker)).toBe(before);

    // The accepted order can still end.
    expect(
      (await send("POST", `/api/orders/${order}/transitions`, blocker, { action: "cancel", reason: "Blocked." })).status,
    ).toBe(200);

    // Unblocking restores what the block took away (but not the follows it ended).
    expect((await send("DELETE", `/api/users/${blocked.id}/block`, blocker)).status).toBe(200);
    expect((await titles(blocker)).sort()).toEqual([theirPost.id, myPost.id].sort());
    expect((await get(`/api/listings/${theirListing}`, blocker)).status).toBe(200);
    expect((await send("POST", `/api/users/${blocker.id}/follow`, blocked)).status).toBe(200);
    // Their like given during the block told nobody; taken back and given again, it is news.
    for (let i = 0; i < 2; i++) {
      expect((await send("POST", `/api/posts/${myPost.id}/interactions`, blocked, { type: "like" })).status).toBe(200);
    }
    expect(await unread(blocker)).toBeGreaterThan(before);
  });

  it("is in the member's export, and goes both ways with a deleted account", async () => {
    const [blocker, blocked, other] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    expect((await send("POST", `/api/users/${blocked.id}/block`, blocker)).status).toBe(200);
    expect((await send("POST", `/api/users/${blocker.id}/block`, other)).status).toBe(200);
    const exported = (await get("/api/users/export", blocker)).json;
    const blocks = (exported.data ?? exported).blocks as { id: number }[];
    // The blocks the member made, not who blocked them.
    expect(blocks.map((row) => row.id)).toEqual([blocked.id]);
    expect((await send("DELETE", "/api/users/me", blocker, { password: blocker.password })).status).toBe(200);
    const left = withDatabase(
      server,
      (db) =>
        (
          db.prepare("SELECT count(*) AS n FROM blocks WHERE blocker_id = ? OR blocked_id = ?").get(blocker.id, blocker.id) as {
            n: number;
          }
        ).n,
    );
    expect(left).toBe(0);
  });
});

describe("blocking from the pages, without JavaScript", () => {
  it("blocks from a member's page, which then says so and lists nothing of theirs, and unblocks from Settings", async () => {
    const [blocker, blocked] = [await registerMember(server), await registerMember(server)];
    await publish(blocked, { title: "Wombatpost on their page" });
    const memberPage = `/app/members/${blocked.id}`;
    const before = await page(memberPage, blocker);
    expect(before.html).toContain("Wombatpost on their page");
    expect(before.html).toMatch(/<button[^>]*value="block"[^>]*name="intent"/);

    const blocking = await post(memberPage, { intent: "block" }, blocker);
    expect(blocking.status).toBe(302);
    expect(blocking.location).toBe(memberPage);
    expect(blocking.toast).toMatch(/^You blocked .+: you no longer see their posts, comments or listings\.$/);
    const after = await page(memberPage, blocker);
    expect(after.html).toContain("You blocked this member: you don&#x27;t see their posts, comments or listings.");
    expect(after.html).not.toContain("Wombatpost on their page");
    expect(after.html).toMatch(/<button[^>]*value="unblock"[^>]*name="intent"/);
    expect(after.html).toContain("Not shown: you blocked this member.");

    expect((await page("/app/settings", blocker)).html).toContain('href="/app/settings/blocked"');
    const settings = await page("/app/settings/blocked", blocker);
    expect(settings.status).toBe(200);
    expect(settings.html).toContain(`href="/app/members/${blocked.id}"`);
    const unblocking = await post("/app/settings/blocked", { id: String(blocked.id) }, blocker);
    expect(unblocking.status).toBe(302);
    expect(unblocking.location).toBe("/app/settings/blocked");
    expect(unblocking.toast).toMatch(/^You unblocked .+\.$/);
    expect((await page("/app/settings/blocked", blocker)).html).toContain("You have not blocked anyone.");
    expect((await page(memberPage, blocker)).html).toContain("Wombatpost on their page");
    // Bad input: a member id that names nobody changes nothing and says so.
    expect((await post("/app/settings/blocked", { id: "nobody" }, blocker)).toast).toBe("This member does not exist.");
  });
});
