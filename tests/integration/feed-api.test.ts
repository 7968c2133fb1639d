import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Part } from "../support/multipart";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

let server: TestServer;
let member: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  member = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, token = member.token) => api(server, pathname, { token });
const seededPostCount = () =>
  withDatabase(server, (db) => (db.prepare("SELECT count(*) AS total FROM posts").get() as { total: number }).total);
const memberIdOf = (username: string) =>
  withDatabase(server, (db) => (db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id);

/** Every post of a feed, page by page, as the client would walk it. */
async function walk(pathname: string, limit: number, token = member.token) {
  const ids: number[] = [];
  for (let page = 1; page < 50; page++) {
    const separator = pathname.includes("?") ? "&" : "?";
    const response = await get(`${pathname}${separator}page=${page}&limit=${limit}`, token);
    expect(response.status).toBe(200);
    ids.push(...response.json.data.posts.map((post: { id: number }) => post.id));
    if (!response.json.data.pagination.hasMore) {
      expect(response.json.data.posts.length).toBeLessThanOrEqual(limit);
      return ids;
    }
    expect(response.json.data.posts).toHaveLength(limit);
  }
  throw new Error("the feed never ended");
}

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));
/** The smallest MP4 file-type recognises: an `ftyp` box with the isom brand, then padding. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
  Buffer.alloc(4096, 7),
]);

async function createPost(parts: Part[], token: string | null = member.token) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: multipart(parts),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text), headers: response.headers };
}

const validPost: Part[] = [
  ["title", "Crate library for the market"],
  ["content", "We lend reusable crates to traders."],
  ["category", "food_waste"],
];

/** Rows and files that a refused request must leave untouched. */
function storedState() {
  return withDatabase(server, (db) => ({
    posts: (db.prepare("SELECT count(*) AS n FROM posts").get() as { n: number }).n,
    media: (db.prepare("SELECT count(*) AS n FROM post_media").get() as { n: number }).n,
    files: fs.readdirSync(path.join(server.dataDir, "uploads")).sort(),
  }));
}

describe("the four feeds", () => {
  it.each(["personalized", "trending", "local", "following"])("/api/feed/%s needs a token", async (feed) => {
    const response = await api(server, `/api/feed/${feed}`);
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("For You answers full posts, ten by default, highest score first, the featured welcome post on top", async () => {
    const response = await get("/api/feed/personalized");
    expect(response.status).toBe(200);
    const { posts, pagination } = response.json.data;
    expect(pagination).toEqual({ page: 1, limit: 10, hasMore: true });
    expect(posts).toHaveLength(10);
    expect(posts[0]).toMatchObject({
      title: "Welcome to the Circular Hub community!",
      author_name: "Circular Hub Team",
      author_type: "admin",
      is_verified: true,
      is_featured: true,
      user_interacted: { like: false, save: false, share: false, view: false, comment: false },
    });
    expect(Object.keys(posts[0]).sort()).toEqual(
      [
        "author_id",
        "author_name",
        "author_type",
        "category",
        "comments_count",
        "content",
        "created_at",
        "difficulty_level",
        "edited_at",
        "environmental_impact",
        "estimated_time",
        "event_date",
        "event_id",
        "id",
        "is_featured",
        "is_hidden",
        "is_local_event",
        "is_reported",
        "is_verified",
        "likes_count",
        "location_name",
        "media",
        "media_urls",
        "post_type",
        "score",
        "shares_count",
        "tags",
        "title",
        "user_interacted",
        "views_count",
      ].sort(),
    );
    expect(posts[0].media_urls[0]).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(new Date(posts[0].created_at).toISOString()).toBe(posts[0].created_at);
    const scores = posts.map((post: { score: number }) => post.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("pages through every post exactly once, whatever the page size", async () => {
    const all = withDatabase(server, (db) => db.prepare("SELECT id FROM posts ORDER BY id").all() as { id: number }[]).map(
      (row) => row.id,
    );
    for (const limit of [3, 7, 10]) {
      const ids = await walk("/api/feed/personalized", limit);
      expect([...ids].sort((a, b) => a - b)).toEqual(all);
    }
  });

  it("Trending ranks by hot rank within the time range", async () => {
    const response = await get("/api/feed/trending?timeRange=week");
    expect(response.status).toBe(200);
    const { posts } = response.json.data;
    expect(posts.length).toBeGreaterThan(0);
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    for (const post of posts) expect(Date.parse(post.created_at)).toBeGreaterThanOrEqual(weekAgo - 60_000);
    const scores = posts.map((post: { score: number }) => post.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("Local lists upcoming local events first, soonest first, then the rest newest first", async () => {
    const response = await get("/api/feed/local?location=berlin&limit=50");
    const { posts } = response.json.data;
    expect(posts.length).toBeGreaterThan(3);
    for (const post of posts) expect(post.location_name).toBe("Berlin");
    const upcoming = posts.filter(
      (post: { is_local_event: boolean; event_date: string | null }) =>
        post.is_local_event && post.event_date && Date.parse(post.event_date) > Date.now(),
    );
    expect(upcoming.map((post: { title: string }) => post.title)).toEqual(["Workshop: build a rain barrel for your allotment"]);
    expect(posts[0].title).toBe("Workshop: build a rain barrel for your allotment");
    const rest = posts.slice(upcoming.length).map((post: { created_at: string }) => Date.parse(post.created_at));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it("Local falls back to the member's preferred location", async () => {
    const local = await registerMember(server);
    await api(server, "/api/users/preferences", { method: "PUT", token: local.token, body: { location: "Accra" } });
    const response = await get("/api/feed/local", local.token);
    const places = new Set(response.json.data.posts.map((post: { location_name: string }) => post.location_name));
    expect([...places]).toEqual(["Accra"]);
    expect(response.json.data.posts[0].title).toBe("Beach clean-up at Labadi this Saturday");
  });

  it("Following shows the followed authors' posts newest first, and nothing before a follow", async () => {
    const follower = await registerMember(server);
    // The same URL before and after each change: a list kept from before must not be served.
    expect((await get("/api/feed/following?limit=50", follower.token)).json.data.posts).toEqual([]);
    const lukas = memberIdOf("Lukas Berg");
    const followed = await api(server, `/api/users/${lukas}/follow`, { method: "POST", token: follower.token });
    expect(followed.json).toEqual({ success: true, data: { following: true, followers_count: 1 } });
    const { posts } = (await get("/api/feed/following?limit=50", follower.token)).json.data;
    expect(posts.length).toBeGreaterThan(3);
    expect(new Set(posts.map((post: { author_name: string }) => post.author_name))).toEqual(new Set(["Lukas Berg"]));
    const times = posts.map((post: { created_at: string }) => Date.parse(post.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const unfollowed = await api(server, `/api/users/${lukas}/follow`, { method: "DELETE", token: follower.token });
    expect(unfollowed.json.data).toEqual({ following: false, followers_count: 0 });
    expect((await get("/api/feed/following?limit=50", follower.token)).json.data.posts).toEqual([]);
  });

  it("filters every feed by category, post type, time range and search", async () => {
    for (const feed of ["personalized", "trending", "local", "following"]) {
      const byCategory = await get(`/api/feed/${feed}?category=composting&limit=50`);
      expect(byCategory.status).toBe(200);
      for (const post of byCategory.json.data.posts) expect(post.category).toBe("composting");
      const byType = await get(`/api/feed/${feed}?postType=event&limit=50`);
      for (const post of byType.json.data.posts) expect(post.post_type).toBe("event");
    }
    const composting = await get("/api/feed/personalized?category=composting&limit=50");
    expect(composting.json.data.posts.length).toBe(3);
    const today = await get("/api/feed/personalized?timeRange=today&limit=50");
    const titles = today.json.data.posts.map((post: { title: string }) => post.title);
    expect(titles).toContain("Welcome to the Circular Hub community!");
    expect(titles).not.toContain("Bench from four pallets in an afternoon");
    const searched = await get("/api/feed/personalized?search=pallets&limit=50");
    expect(searched.json.data.posts.map((post: { title: string }) => post.title).sort()).toEqual([
      "Bench from four pallets in an afternoon",
      "Neighbourhood compost bays: three months in",
    ]);
    // "All" options of the filter panel send empty values or "all".
    const all = await get("/api/feed/personalized?category=&postType=all&timeRange=&search=");
    expect(all.status).toBe(200);
  });

  it.each([
    ["category=plastics", "category", "Unknown category"],
    ["postType=rant", "postType", "Unknown post type"],
    ["timeRange=year", "timeRange", "timeRange must be all, today, week or month"],
    ["sortBy=random", "sortBy", "sortBy must be score, recent or popular"],
    ["page=0", "page", "page must be a whole number from 1"],
    ["limit=abc", "limit", "limit must be a whole number from 1 to 50"],
  ])("answers 400 for %s", async (query, field, message) => {
    const response = await get(`/api/feed/personalized?${query}`);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message, errors: { [field]: message } });
  });

  it("serves at most 50 posts a page, and 404 for a feed that does not exist", async () => {
    const response = await get("/api/feed/personalized?limit=500");
    expect(response.json.data.pagination.limit).toBe(50);
    const unknown = await get("/api/feed/popular");
    expect(unknown.status).toBe(404);
    expect(unknown.json.success).toBe(false);
  });

  it("orders by recent or popular when asked", async () => {
    const recent = (await get("/api/feed/trending?sortBy=recent&limit=20")).json.data.posts;
    const times = recent.map((post: { created_at: string }) => Date.parse(post.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const popular = (await get("/api/feed/personalized?sortBy=popular&limit=20")).json.data.posts;
    const engagement = popular.map(
      (post: { likes_count: number; comments_count: number; shares_count: number }) =>
        post.likes_count + 2 * post.comments_count + 3 * post.shares_count,
    );
    expect(engagement).toEqual([...engagement].sort((a, b) => b - a));
    expect(popular.map((post: { score: number }) => post.score)).toEqual(engagement);
  });

  it("raises the member's preferred categories in For You", async () => {
    const fan = await registerMember(server);
    const before = (await get("/api/feed/personalized?limit=50", fan.token)).json.data.posts;
    const saved = await api(server, "/api/users/preferences", {
      method: "PUT",
      token: fan.token,
      body: { categories: ["policy"], post_types: [] },
    });
    expect(saved.json.data.preferences).toEqual({ categories: ["policy"], post_types: [], location: null });
    const after = (await get("/api/feed/personalized?limit=50", fan.token)).json.data.posts;
    const policyPost = (list: { category: string; id: number; score: number }[]) =>
      list.find((post) => post.category === "policy")!;
    expect(policyPost(after).score / policyPost(before).score).toBeCloseTo(1.5, 1);
  });
});

describe("GET /api/feed/category/:category", () => {
  it("lists one category, and refuses an unknown one", async () => {
    const response = await get("/api/feed/category/gardening?limit=50");
    expect(response.status).toBe(200);
    expect(response.json.data.posts.length).toBe(3);
    for (const post of response.json.data.posts) expect(post.category).toBe("gardening");
    const unknown = await get("/api/feed/category/knitting");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ category: "Unknown category" });
  });
});

describe("GET /api/feed/search", () => {
  it("finds posts by title, content and tags, most relevant first", async () => {
    const response = await get("/api/feed/search?query=compost");
    expect(response.status).toBe(200);
    const { posts, pagination } = response.json.data;
    expect(pagination).toEqual({ page: 1, limit: 10, hasMore: false });
    expect(posts[0].title).toBe("Neighbourhood compost bays: three months in");
    const scores = posts.map((post: { score: number }) => post.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byTag = await get("/api/feed/search?query=vermicompost");
    expect(byTag.json.data.posts.map((post: { title: string }) => post.title)).toEqual([
      "Tip: a balcony worm bin that does not smell",
    ]);
    const accents = await get("/api/feed/search?query=TOMAS");
    expect(accents.status).toBe(200);
  });

  it("filters by category and post_type", async () => {
    // Words match as prefixes: "compost" also finds "compostable".
    const response = await get("/api/feed/search?query=compost&post_type=question");
    expect(response.json.data.posts.map((post: { title: string }) => post.title)).toEqual([
      "Which compost ratio do you use for market waste?",
      "Is biodegradable packaging worth it for a food truck?",
    ]);
    const inCategory = await get("/api/feed/search?query=compost&category=food_waste");
    expect(inCategory.json.data.posts.map((post: { category: string }) => post.category)).toEqual(["food_waste"]);
    const none = await get("/api/feed/search?query=compost&category=policy");
    expect(none.json.data.posts).toEqual([]);
  });

  it.each([
    ['"compost'],
    ["compost OR NOT"],
    ["title:compost"],
    ["NEAR(compost bays)"],
    ["compost*)"],
    ["' OR 1=1 --"],
    ["'; DROP TABLE posts; --"],
    ['^*:"()'],
  ])("treats %s as words, never as query syntax", async (query) => {
    const response = await get(`/api/feed/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    expect(Array.isArray(response.json.data.posts)).toBe(true);
    const feed = await get(`/api/feed/personalized?search=${encodeURIComponent(query)}`);
    expect(feed.status).toBe(200);
    expect(seededPostCount()).toBeGreaterThan(0);
  });

  it("needs a query", async () => {
    const response = await get("/api/feed/search?query=%20");
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({ query: "Enter something to search for" });
  });
});

describe("GET /api/feed/analytics", () => {
  it("sums the community and the member's own share", async () => {
    const author = await registerMember(server);
    const before = (await get("/api/feed/analytics", author.token)).json.data;
    expect(before.totals.posts).toBeGreaterThanOrEqual(30);
    expect(before.you).toEqual({ posts: 0, likes_received: 0, following: 0, followers: 0 });
    expect(before.categories.length).toBe(12);
    expect(before.post_types.length).toBe(7);
    expect(before.upcoming_events).toBeGreaterThanOrEqual(4);
    await createPost(validPost, author.token);
    const after = (await get("/api/feed/analytics", author.token)).json.data;
    expect(after.totals.posts).toBe(before.totals.posts + 1);
    expect(after.you.posts).toBe(1);
  });
});

describe("POST /api/posts", () => {
  it("creates a post with media, tags trimmed and de-duplicated, and the file served back", async () => {
    const response = await createPost([
      ...validPost,
      ["post_type", "project"],
      ["tags", JSON.stringify([" crates ", "Crates", "market", ""])],
      ["environmental_impact", JSON.stringify({ "Plastic avoided": "40 kg" })],
      ["difficulty_level", "easy"],
      ["estimated_time", "2 hours"],
      ["location_name", " Accra "],
      ["media_0", JPEG, "crates.jpg", "image/jpeg"],
      ["media_1", MP4, "clip.mp4", "video/mp4"],
    ]);
    expect(response.status).toBe(201);
    const { post } = response.json.data;
    expect(post).toMatchObject({
      title: "Crate library for the market",
      post_type: "project",
      category: "food_waste",
      tags: ["crates", "market"],
      environmental_impact: { "Plastic avoided": "40 kg" },
      difficulty_level: "easy",
      estimated_time: "2 hours",
      location_name: "Accra",
      author_id: member.id,
      likes_count: 0,
      comments_count: 0,
      is_featured: false,
    });
    expect(post.media).toEqual([
      { url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.jpg$/), type: "image/jpeg" },
      { url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.mp4$/), type: "video/mp4" },
    ]);

    const image = await fetch(server.url + post.media_urls[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    // An hour, then revalidated: a moderator's hide reaches caches within it.
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await image.arrayBuffer()).equals(JPEG)).toBe(true);

    const range = await fetch(server.url + post.media_urls[1], { headers: { range: "bytes=4-11" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 4-11/${MP4.length}`);
    expect(range.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await range.arrayBuffer()).toString()).toBe("ftypisom");
    const tail = await fetch(server.url + post.media_urls[1], { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(server.url + post.media_urls[1], { headers: { range: `bytes=${MP4.length + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${MP4.length}`);
    await beyond.arrayBuffer();

    const feed = (await get("/api/feed/following?sortBy=recent")).json.data.posts;
    expect(feed).toEqual([]); // not following themself
    const mine = (await get(`/api/posts/${post.id}`)).json.data.post;
    expect(mine.id).toBe(post.id);
  });

  it("shows a new post at once in lists read moments before", async () => {
    const lists = ["/api/feed/local?location=Lyon", "/api/feed/trending?sortBy=recent", "/api/feed/personalized?limit=50"];
    for (const list of lists) expect((await get(list)).status).toBe(200);
    const response = await createPost([["title", "Bottle bank rota for Lyon"], ...validPost.slice(1), ["location_name", "Lyon"]]);
    expect(response.status).toBe(201);
    for (const list of lists) {
      const titles = (await get(list)).json.data.posts.map((post: { title: string }) => post.title);
      expect({ list, included: titles.includes("Bottle bank rota for Lyon") }).toEqual({ list, included: true });
    }
  });

  it("accepts the no-JavaScript form: comma-separated tags, impact pairs, an empty file input", async () => {
    const response = await createPost([
      ...validPost,
      ["tags", "reuse, crates ,reuse,"],
      ["impact_type", "Waste avoided"],
      ["impact_amount", "12 kg"],
      ["impact_type", ""],
      ["impact_amount", ""],
      ["is_local_event", "on"],
      ["event_date", "2031-05-04T10:30"],
      ["media", new Uint8Array(0), ""],
    ]);
    expect(response.status).toBe(201);
    expect(response.json.data.post).toMatchObject({
      tags: ["reuse", "crates"],
      environmental_impact: { "Waste avoided": "12 kg" },
      is_local_event: true,
      event_date: "2031-05-04T10:30:00.000Z",
      media_urls: [],
    });
  });

  it("answers every field's message at once, and stores nothing", async () => {
    const before = storedState();
    const response = await createPost([
      ["title", "  "],
      ["content", ""],
      ["is_local_event", "true"],
      ["media_0", PNG, "picture.png", "image/png"],
    ]);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      message: "Title is required",
      errors: {
        title: "Title is required",
        content: "Content is required",
        category: "Category is required",
        event_date: "Event date is required for events",
      },
    });
    expect(storedState()).toEqual(before);
  });

  it.each([
    [
      "an impact entry without an amount",
      ["environmental_impact", JSON.stringify([{ type: "CO2", amount: "" }])],
      "environmental_impact",
      "Each impact entry needs both a type and an amount.",
    ],
    ["an unknown category", ["category", "knitting"], "category", "Choose one of the listed categories"],
    ["an unknown post type", ["post_type", "rant"], "post_type", "Choose one of the listed post types"],
    ["a date that is not one", ["event_date", "next tuesday"], "event_date", "Enter a valid event date"],
    ["eleven tags", ["tags", "a,b,c,d,e,f,g,h,i,j,k"], "tags", "Add at most 10 tags"],
    ["a title of 201 characters", ["title", "x".repeat(201)], "title", "Title must be at most 200 characters"],
  ] as [string, Part, string, string][])("refuses %s", async (_, part, field, message) => {
    const before = storedState();
    const parts = [...validPost.filter(([name]) => name !== part[0]), part];
    const response = await createPost(parts);
    expect(response.status).toBe(400);
    expect(response.json.errors[field]).toBe(message);
    expect(storedState()).toEqual(before);
  });

  it.each([
    ["HTML renamed to .png", [["media_0", Buffer.from("<html><script>alert(1)</script></html>"), "cat.png", "image/png"]], 415],
    [
      "a text file among images",
      [
        ["media_0", PNG, "one.png", "image/png"],
        ["media_1", Buffer.from("just some notes\n"), "notes.jpg", "image/jpeg"],
        ["media_2", JPEG, "two.jpg", "image/jpeg"],
      ],
      415,
    ],
    [
      "an SVG (it can carry scripts)",
      [["media_0", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), "x.svg", "image/svg+xml"]],
      415,
    ],
    ["a PDF", [["media_0", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), "doc.pdf", "application/pdf"]], 415],
    ["six files", Array.from({ length: 6 }, (_, i) => [`media_${i}`, PNG, `p${i}.png`, "image/png"]), 400],
    ["a file of 11 MB", [["media_0", Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]), "big.jpg", "image/jpeg"]], 413],
  ] as [string, Part[], number][])("refuses %s whole, leaving no file and no row", async (_, files, status) => {
    const before = storedState();
    const response = await createPost([...validPost, ...files]);
    expect(response.status).toBe(status);
    expect(response.json.success).toBe(false);
    expect(response.json.errors.media).toBe(response.json.message);
    expect(storedState()).toEqual(before);
  });

  it("ignores the client's file name: a path in it cannot place the file", async () => {
    const response = await createPost([...validPost, ["media_0", PNG, "../../../../tmp/escape.png", "image/png"]]);
    expect(response.status).toBe(201);
    expect(response.json.data.post.media_urls[0]).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync("/tmp/escape.png")).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, "escape.png"))).toBe(false);
  });

  it("stores the type recognised from the bytes, not the declared one", async () => {
    const response = await createPost([...validPost, ["media_0", PNG, "photo.jpg", "image/jpeg"]]);
    expect(response.json.data.post.media).toEqual([{ url: expect.stringMatching(/\.png$/), type: "image/png" }]);
    const file = await fetch(server.url + response.json.data.post.media_urls[0]);
    expect(file.headers.get("content-type")).toBe("image/png");
    // An answer left unread holds its connection, and the server's stop would wait for it.
    await file.arrayBuffer();
  });

  it("needs a token, and a form", async () => {
    const before = storedState();
    const anonymous = await createPost([...validPost, ["media_0", PNG, "a.png", "image/png"]], null);
    expect(anonymous.status).toBe(401);
    const text = await api(server, "/api/posts", {
      method: "POST",
      token: member.token,
      body: "title=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const broken = await api(server, "/api/posts", {
      method: "POST",
      token: member.token,
      body: "--x\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    expect(storedState()).toEqual(before);
  });

  it("accepts JSON without media too", async () => {
    const response = await api(server, "/api/posts", {
      method: "POST",
      token: member.token,
      body: { title: "JSON post", content: "Sent as JSON", category: "policy", tags: ["a"] },
    });
    expect(response.status).toBe(201);
    expect(response.json.data.post).toMatchObject({ title: "JSON post", tags: ["a"], media_urls: [] });
  });
});

describe("GET /media/:name", () => {
  it("answers 404 for names that were never stored or are not names", async () => {
    for (const name of ["0123456789abcdef0123456789abcdef.png", "..%2Fapp.db", "secret", "x.html"]) {
      const response = await fetch(`${server.url}/media/${name}`);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("POST /api/posts/:id/interactions", () => {
  async function freshPost() {
    const response = await createPost(validPost);
    return response.json.data.post.id as number;
  }
  const interact = (id: number | string, body: unknown, token: string | null = member.token) =>
    api(server, `/api/posts/${id}/interactions`, { method: "POST", token: token ?? undefined, body });

  it("toggles a like, with the new count and the caller's own state", async () => {
    const id = await freshPost();
    const liked = await interact(id, { type: "like" });
    expect(liked.status).toBe(200);
    expect(liked.json.data.post.likes_count).toBe(1);
    expect(liked.json.data.user_interacted).toMatchObject({ like: true, save: false });
    const other = await registerMember(server);
    const second = await interact(id, { type: "like" }, other.token);
    expect(second.json.data.post.likes_count).toBe(2);
    const unliked = await interact(id, { type: "like" });
    expect(unliked.json.data.post.likes_count).toBe(1);
    expect(unliked.json.data.user_interacted.like).toBe(false);
    const seenByOther = (await get(`/api/posts/${id}`, other.token)).json.data.post;
    expect(seenByOther.user_interacted.like).toBe(true);
  });

  it("toggles a save; counts a share and a view once per member and post", async () => {
    const id = await freshPost();
    expect((await interact(id, { type: "save" })).json.data.user_interacted.save).toBe(true);
    expect((await interact(id, { type: "save" })).json.data.user_interacted.save).toBe(false);
    // Repeated calls answer as usual and change nothing (300 shares used to top Trending).
    for (const type of ["share", "view"] as const) {
      for (let i = 0; i < 5; i++) {
        const again = await interact(id, { type });
        expect(again.status).toBe(200);
        expect(again.json.data.post).toMatchObject({ shares_count: 1, views_count: type === "view" ? 1 : 0 });
        expect(again.json.data.user_interacted[type]).toBe(true);
      }
    }
    const other = await registerMember(server);
    await interact(id, { type: "share" }, other.token);
    const viewed = await interact(id, { type: "view" }, other.token);
    expect(viewed.json.data.post).toMatchObject({ shares_count: 2, views_count: 2 });
  });

  it("adds a comment with the comment type, and through /comments", async () => {
    const id = await freshPost();
    const first = await interact(id, { type: "comment", content: "  Great idea!  " });
    expect(first.status).toBe(200);
    expect(first.json.data.post.comments_count).toBe(1);
    expect(first.json.data.comment).toMatchObject({ content: "Great idea!", author_id: member.id, post_id: id });
    expect(first.json.data.user_interacted.comment).toBe(true);
    const second = await api(server, `/api/posts/${id}/comments`, {
      method: "POST",
      token: member.token,
      body: { content: "<img src=x onerror=alert(1)>" },
    });
    expect(second.status).toBe(201);
    expect(second.json.data.post.comments_count).toBe(2);
    const list = await get(`/api/posts/${id}/comments`);
    expect(list.json.data.comments.map((comment: { content: string }) => comment.content)).toEqual([
      "<img src=x onerror=alert(1)>",
      "Great idea!",
    ]);
    const paged = await get(`/api/posts/${id}/comments?limit=1`);
    expect(paged.json.data).toMatchObject({ hasMore: true, comments: [{ content: "<img src=x onerror=alert(1)>" }] });
    const empty = await interact(id, { type: "comment" });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ content: "Write a comment first" });
  });

  it("answers 400 for an unknown type, 404 for an unknown post, 401 without a token", async () => {
    const id = await freshPost();
    const unknown = await interact(id, { type: "upvote" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.type).toBe("type must be one of like, share, view, comment or save");
    expect((await interact(999_999, { type: "like" })).status).toBe(404);
    expect((await interact("abc", { type: "like" })).status).toBe(404);
    expect((await get("/api/posts/999999/comments")).status).toBe(404);
    expect((await interact(id, { type: "like" }, null)).status).toBe(401);
    expect((await get(`/api/posts/${id}`)).json.data.post.likes_count).toBe(0);
  });
});

describe("members", () => {
  it("keeps preferences and validates them", async () => {
    const someone = await registerMember(server);
    const initial = await get("/api/users/preferences", someone.token);
    expect(initial.json).toEqual({
      success: true,
      data: { preferences: { categories: [], post_types: [], location: null } },
    });
    const saved = await api(server, "/api/users/preferences", {
      method: "PUT",
      token: someone.token,
      body: { categories: ["recycling", "recycling", "gardening"], post_types: ["tip"], location: " Pune " },
    });
    expect(saved.json.data.preferences).toEqual({
      categories: ["recycling", "gardening"],
      post_types: ["tip"],
      location: "Pune",
    });
    const partial = await api(server, "/api/users/preferences", {
      method: "PUT",
      token: someone.token,
      body: { location: null },
    });
    expect(partial.json.data.preferences).toEqual({
      categories: ["recycling", "gardening"],
      post_types: ["tip"],
      location: null,
    });
    const bad = await api(server, "/api/users/preferences", {
      method: "PUT",
      token: someone.token,
      body: { categories: ["knitting"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ "categories.0": "Unknown category" });
    expect((await api(server, "/api/users/preferences")).status).toBe(401);
  });

  it("recommends authors the member does not follow yet, never themself", async () => {
    const reader = await registerMember(server);
    const first = (await get("/api/users/recommendations", reader.token)).json.data.users;
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(first[0]).toMatchObject({
      id: expect.any(Number),
      username: expect.any(String),
      reason: expect.any(String),
    });
    expect(first.map((user: { id: number }) => user.id)).not.toContain(reader.id);
    await api(server, `/api/users/${first[0].id}/follow`, { method: "POST", token: reader.token });
    const next = (await get("/api/users/recommendations", reader.token)).json.data.users;
    expect(next.map((user: { id: number }) => user.id)).not.toContain(first[0].id);
  });

  it("refuses following oneself or nobody", async () => {
    const someone = await registerMember(server);
    const self = await api(server, `/api/users/${someone.id}/follow`, { method: "POST", token: someone.token });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe("You cannot follow yourself.");
    const nobody = await api(server, "/api/users/999999/follow", { method: "POST", token: someone.token });
    expect(nobody.status).toBe(404);
    const twice = await api(server, `/api/users/${memberIdOf("Nia Mensah")}/follow`, {
      method: "POST",
      token: someone.token,
    });
    const again = await api(server, `/api/users/${memberIdOf("Nia Mensah")}/follow`, {
      method: "POST",
      token: someone.token,
    });
    expect(again.json.data.followers_count).toBe(twice.json.data.followers_count);
  });
});

describe("publishing allowance", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ POSTS_PER_HOUR: "2", COMMENTS_PER_HOUR: "2", SEED: "0" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  const publish = (token: string) =>
    fetch(`${limited.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: multipart([...validPost, ["media_0", PNG, "bins.png", "image/png"]]),
    });
  const uploads = () => fs.readdirSync(path.join(limited.dataDir, "uploads"));

  it("answers 429 with Retry-After once a member has used the hour's posts, and stores nothing", async () => {
    const writer = await registerMember(limited);
    expect((await publish(writer.token)).status).toBe(201);
    expect((await publish(writer.token)).status).toBe(201);
    const refused = await publish(writer.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await refused.json()).toEqual({
      success: false,
      message: "You are posting too often. Please try again in 60 minutes.",
    });
    expect(uploads()).toHaveLength(2);
    // Another member's allowance is their own.
    expect((await publish((await registerMember(limited)).token)).status).toBe(201);
  });

  it("answers 429 for comments past the hour's allowance, by either endpoint", async () => {
    const author = await registerMember(limited);
    const { id } = (await (await publish(author.token)).json()).data.post;
    const reader = await registerMember(limited);
    const comment = (content: string) =>
      api(limited, `/api/posts/${id}/comments`, { method: "POST", token: reader.token, body: { content } });
    expect((await comment("Where is the nearest bin?")).status).toBe(201);
    expect((await comment("Found it, thanks.")).status).toBe(201);
    const refused = await comment("One more thing");
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe("You are commenting too often. Please try again in 60 minutes.");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const byInteraction = await api(limited, `/api/posts/${id}/interactions`, {
      method: "POST",
      token: reader.token,
      body: { type: "comment", content: "And another" },
    });
    expect(byInteraction.status).toBe(429);
    const post = await api(limited, `/api/posts/${id}`, { token: reader.token });
    expect(post.json.data.post.comments_count).toBe(2);
    // Likes are not publications.
    const like = await api(limited, `/api/posts/${id}/interactions`, {
      method: "POST",
      token: reader.token,
      body: { type: "like" },
    });
    expect(like.json.data.post.likes_count).toBe(1);
  });
});
