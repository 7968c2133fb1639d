import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing, publishPost } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * One search over posts, listings and members, as the API and a browser without JavaScript see
 * it: a typo in a word of four letters or more is forgiven, and each kind keeps the rules of its
 * own search (hidden things, blocks, samples, deleted members). Everything is written before the
 * first search, so no kept search stands between a write and a read.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
let server: TestServer;
let viewer: Member;
let seller: Member;
let blocked: Member;
let gone: Member;
const ids = {} as Record<"cardboard" | "cot" | "hidden" | "sample" | "blockedListing", number>;
const posts = {} as Record<"cardboard" | "hidden" | "blockedPost", number>;

beforeAll(async () => {
  server = await startServer();
  [viewer, seller, blocked, gone] = [
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
  ];
  ids.cardboard = addListing(server, seller.id, { title: "Baled cardboard", description: "Clean boxes." });
  ids.cot = addListing(server, seller.id, { title: "Pine cot", description: "A child's bed." });
  ids.hidden = addListing(server, seller.id, { title: "Hidden cardboard tubes" });
  ids.sample = addListing(server, seller.id, { title: "Sample cardboard crates", is_sample: 1 });
  ids.blockedListing = addListing(server, blocked.id, { title: "Blocked cardboard sheets" });
  posts.cardboard = (await publishPost(server, seller, { title: "Cardboard swap at the depot" })).id;
  posts.hidden = (await publishPost(server, seller, { title: "Hidden cardboard notes" })).id;
  posts.blockedPost = (await publishPost(server, blocked, { title: "Blocked cardboard tips" })).id;
  withDatabase(server, (db) => {
    db.prepare("UPDATE listings SET hidden_at = ? WHERE id = ?").run(Date.now(), ids.hidden);
    db.prepare("UPDATE posts SET hidden_at = ? WHERE id = ?").run(Date.now(), posts.hidden);
    db.prepare("UPDATE users SET username = 'Zephyrine Seller' WHERE id = ?").run(seller.id);
    db.prepare("UPDATE users SET username = 'Zephyrine Blocked' WHERE id = ?").run(blocked.id);
    db.prepare("UPDATE users SET username = 'Zephyrine Gone', deleted_at = ? WHERE id = ?").run(Date.now(), gone.id);
  });
  const block = await api(server, `/api/users/${blocked.id}/block`, { method: "POST", token: viewer.token });
  expect(block.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

const search = (q: string, member: Member = viewer) =>
  api(server, `/api/search?q=${encodeURIComponent(q)}`, { token: member.token });
const titles = (items: { title: string }[]) => items.map((item) => item.title).sort();

/** A page as a browser without JavaScript gets it. */
async function page(pathname: string, member: Member = viewer) {
  const response = await fetch(server.url + pathname, { redirect: "manual", headers: { cookie: `session=${member.token}` } });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

describe("GET /api/search", () => {
  it("needs a session, as the other /api routes", async () => {
    const response = await api(server, "/api/search?q=cardboard");
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("answers posts, listings, members and events, each with its total; `cardbord` finds cardboard", async () => {
    const response = await search("cardbord");
    expect(response.status).toBe(200);
    const { data } = response.json;
    expect(Object.keys(data).sort()).toEqual(["events", "listings", "members", "posts"]);
    expect(titles(data.listings.items)).toEqual(["Baled cardboard", "Sample cardboard crates"]);
    expect(data.listings.total).toBe(2);
    // The seeded posts mention cardboard too.
    expect(titles(data.posts.items)).toContain("Cardboard swap at the depot");
    expect(data.posts.total).toBe(data.posts.items.length);
    expect(data.members).toEqual({ items: [], total: 0 });
    expect(data.events).toEqual({ items: [], total: 0 });
  });

  it("does not correct a word of three letters", async () => {
    expect((await search("cot")).json.data.listings.total).toBe(1);
    expect((await search("cxt")).json.data.listings).toEqual({ items: [], total: 0 });
  });

  it("shows hidden posts and listings to nobody but as their own searches do", async () => {
    const { data } = (await search("cardboard")).json;
    const all = [...titles(data.listings.items), ...titles(data.posts.items)];
    expect(all.some((title) => title.startsWith("Hidden"))).toBe(false);
    const own = await api(server, "/api/listings?search=cardboard", { token: viewer.token });
    expect(titles(own.json.data.listings)).toEqual(titles(data.listings.items));
  });

  it("leaves out the posts, listings and name of a member the viewer blocked, not for others", async () => {
    const mine = (await search("cardboard")).json.data;
    expect([...titles(mine.listings.items), ...titles(mine.posts.items)].some((title) => title.startsWith("Blocked"))).toBe(
      false,
    );
    const theirs = (await search("cardboard", seller)).json.data;
    expect(titles(theirs.listings.items)).toContain("Blocked cardboard sheets");
    expect(titles(theirs.posts.items)).toContain("Blocked cardboard tips");
    expect((await search("Zephyrine")).json.data.members.items.map((m: { username: string }) => m.username)).toEqual([
      "Zephyrine Seller",
    ]);
    expect(
      (await search("Zephyrine", seller)).json.data.members.items.map((m: { username: string }) => m.username).sort(),
    ).toEqual(["Zephyrine Blocked", "Zephyrine Seller"]);
  });

  it("shows sample listings as samples, as the marketplace does", async () => {
    const { data } = (await search("crates")).json;
    expect(data.listings.items).toEqual([expect.objectContaining({ id: ids.sample, is_sample: true })]);
    const own = await api(server, "/api/listings?search=crates", { token: viewer.token });
    expect(own.json.data.listings).toEqual([expect.objectContaining({ id: ids.sample, is_sample: true })]);
  });

  it("refuses too long a search with a 400", async () => {
    const response = await search("x".repeat(101));
    expect(response.status).toBe(400);
  });
});

describe("the marketplace's and the community's own searches", () => {
  it("find `cardbord` too", async () => {
    const listings = await api(server, "/api/listings?search=cardbord", { token: viewer.token });
    expect(titles(listings.json.data.listings)).toEqual(["Baled cardboard", "Sample cardboard crates"]);
    // A corrected word among others, after and before them.
    for (const words of ["cardbord bales", "baled cardbord"]) {
      const found = await api(server, `/api/listings?search=${encodeURIComponent(words)}`, { token: viewer.token });
      expect(titles(found.json.data.listings)).toEqual(["Baled cardboard"]);
    }
    const feed = await api(server, "/api/feed/search?query=cardbord", { token: viewer.token });
    expect(titles(feed.json.data.posts)).toContain("Cardboard swap at the depot");
    expect((await page("/app/marketplace?search=cardbord")).html).toContain("Baled cardboard");
  });
});

describe("the search page without JavaScript", () => {
  it("the header's search box is a plain GET form to /app/search", async () => {
    const { html } = await page("/app/dashboard");
    const form = html.match(/<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('action="/app/search"');
    expect(form).not.toContain('method="post"');
    expect(form).toMatch(/<input[^>]*name="q"/);
  });

  it("shows each kind in its own section with a link to its full results", async () => {
    const { status, html } = await page("/app/search?q=cardbord");
    expect(status).toBe(200);
    expect(html).toContain("Baled cardboard");
    expect(html).toContain("Cardboard swap at the depot");
    expect(html).not.toContain("Hidden cardboard");
    expect(html).not.toContain("Blocked cardboard");
    for (const heading of ["Listings", "Posts", "Members", "Events"]) expect(html).toMatch(new RegExp(`<h2[^>]*>${heading} `));
    expect(html).toContain('href="/app/marketplace?search=cardbord"');
    expect(html).toContain('href="/app/community?search=cardbord"');
  });
});
