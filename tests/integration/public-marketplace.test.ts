import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The marketplace as a visitor who is not signed in reads it: the pages, the public API and the
 * sitemap show active listings of members, with the seller's name and rating and the town, and
 * nothing private; paused, closed, hidden and sample listings and those of a suspended member
 * answer as missing ones. Every listing is written before the first list is asked for, so no
 * kept search (a few seconds) stands between a write and a read.
 */

const APP_URL = "https://hub.example.org";
const PHONE = "07700 900461";
const PHOTO = `${"ab".repeat(16)}.webp`;

type Member = Awaited<ReturnType<typeof registerMember>>;
let server: TestServer;
let seller: Member;
let member: Member;
const ids = {} as Record<
  "oak" | "chairs" | "waste" | "paused" | "closed" | "hidden" | "sample" | "suspended" | "deleted" | "lifted",
  number
>;

beforeAll(async () => {
  server = await startServer({ APP_URL });
  [seller, member] = [await registerMember(server), await registerMember(server)];
  const [suspended, deleted, lifted] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  ids.oak = addListing(server, seller.id, {
    title: "Reclaimed oak beams",
    description: "Six beams from a barn conversion.",
    category: "wood",
    material: "wood",
    price_cents: 4250,
    location: "Leeds LS1 4AP",
  });
  ids.chairs = addListing(server, seller.id, { title: "Office chairs" });
  ids.waste = addListing(server, seller.id, {
    title: "Baled cardboard",
    category: "paper",
    material: "paper",
    unit: "kg",
    quantity: 500,
    ewc_codes: '["150101"]',
    waste_description: "Clean baled boxes.",
    physical_form: "Solid",
    container_type: "BAL",
    containers: 4,
  });
  ids.paused = addListing(server, seller.id, { title: "Paused pallets", status: "paused" });
  ids.closed = addListing(server, seller.id, { title: "Closed crates", status: "closed" });
  ids.hidden = addListing(server, seller.id, { title: "Hidden hinges" });
  ids.sample = addListing(server, seller.id, { title: "Sample sinks", is_sample: 1 });
  ids.suspended = addListing(server, suspended.id, { title: "Suspended scaffolding" });
  ids.deleted = addListing(server, deleted.id, { title: "Deleted doors" });
  // A suspension that has ended: the member's listings are public again.
  ids.lifted = addListing(server, lifted.id, { title: "Lifted ladders" });
  withDatabase(server, (db) => {
    db.prepare("UPDATE listings SET hidden_at = ? WHERE id = ?").run(Date.now(), ids.hidden);
    db.prepare("UPDATE users SET suspended_at = ? WHERE id = ?").run(Date.now(), suspended.id);
    db.prepare("UPDATE users SET deleted_at = ? WHERE id = ?").run(Date.now(), deleted.id);
    db.prepare("UPDATE users SET suspended_at = ?, suspended_until = ? WHERE id = ?").run(
      Date.now() - 86_400_000,
      Date.now() - 1_000,
      lifted.id,
    );
    db.prepare("UPDATE users SET phone = ?, location = '12 Mill Lane, Leeds' WHERE id = ?").run(PHONE, seller.id);
    db.prepare("INSERT INTO listing_waste_codes (listing_id, code, chapter) VALUES (?, '150101', '15')").run(ids.waste);
    db.prepare(
      "INSERT INTO listing_photos (listing_id, position, file_name, mime_type, size) VALUES (?, 0, ?, 'image/webp', 10)",
    ).run(ids.oak, PHOTO);
    const orderId = db
      .prepare(
        `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover)
         VALUES (?, ?, ?, 1, 2500, 'completed', 'collection')`,
      )
      .run(ids.chairs, member.id, seller.id).lastInsertRowid;
    db.prepare("INSERT INTO reviews (order_id, author_id, subject_id, rating, text) VALUES (?, ?, ?, 4, 'As described.')").run(
      orderId,
      member.id,
      seller.id,
    );
  });
});

afterAll(async () => {
  await server?.stop();
});

const NOT_PUBLIC = ["paused", "closed", "hidden", "sample", "suspended", "deleted"] as const;
const PUBLIC = ["oak", "chairs", "waste", "lifted"] as const;
const TITLES = {
  deleted: "Deleted doors",
  paused: "Paused pallets",
  closed: "Closed crates",
  hidden: "Hidden hinges",
  sample: "Sample sinks",
  suspended: "Suspended scaffolding",
};

/** A page as a browser without JavaScript and without a session gets it (or, with `token`, a member's). */
async function page(pathname: string, token?: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: token ? { cookie: `session=${token}` } : {},
  });
  return { status: response.status, headers: response.headers, html: (await response.text()).replaceAll("<!-- -->", "") };
}

const metaOf = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)"`, "g"))].map((match) => match[1]);

function expectNothingPrivate(text: string) {
  expect(text).not.toContain(seller.email);
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain("Mill Lane");
  // The full postcode the seller wrote in the town field is cut to its district.
  expect(text).not.toContain("4AP");
}

describe("the public marketplace page", () => {
  it("shows active listings of members with price, town, the seller's name and rating, and nothing private", async () => {
    const { status, html } = await page("/marketplace");
    expect(status).toBe(200);
    for (const title of ["Reclaimed oak beams", "Office chairs", "Baled cardboard", "Lifted ladders"])
      expect(html).toContain(title);
    for (const key of NOT_PUBLIC) expect(html).not.toContain(TITLES[key]);
    expect(html).toContain("$42.50");
    expect(html).toContain("Leeds LS1");
    expect(html).toMatch(/by <span[^>]*>Member \d+<\/span>/);
    expect(html).toContain("4.0");
    expect(html).toContain(`href="/marketplace/${ids.oak}"`);
    expect(html).not.toContain(`href="/app/marketplace/${ids.oak}"`);
    expectNothingPrivate(html);
  });

  it("searches and filters with a plain GET form, the filters folded behind Filters", async () => {
    const { html } = await page("/marketplace");
    expect(html).toMatch(/<form(?=[^>]*method="get")(?=[^>]*role="search")[^>]*>/);
    expect(html).toMatch(/<details class="fold-on-phone[^"]*"><summary[^>]*>(?:(?!<\/summary>).)*Filters<\/summary>/s);
    const searched = await page("/marketplace?q=oak");
    expect(searched.html).toContain("Reclaimed oak beams");
    expect(searched.html).not.toContain("Office chairs");
    const filtered = await page("/marketplace?category=paper");
    expect(filtered.html).toContain("Baled cardboard");
    expect(filtered.html).not.toContain("Reclaimed oak beams");
    expect(filtered.html).toContain("Filters (1 on)");
    const coded = await page("/marketplace?ewc_code=15+01+01");
    expect(coded.html).toContain("Baled cardboard");
    expect(coded.html).not.toContain("Office chairs");
  });

  it("shows one listing with its photo, price, town, seller and rating, Sign in to order, and OpenGraph tags", async () => {
    const { status, html } = await page(`/marketplace/${ids.oak}`);
    expect(status).toBe(200);
    expect(html).toContain("Reclaimed oak beams");
    expect(html).toContain("$42.50");
    expect(html).toContain("Leeds LS1");
    expect(html).toMatch(/data-testid="seller-name">Member \d+</);
    expect(html).toContain("4.0");
    expect(html).toContain(`src="/media/${PHOTO}"`);
    expect(html).toContain(`href="/auth/login?redirectTo=%2Fapp%2Fmarketplace%2F${ids.oak}"`);
    expect(html).toContain("Sign in to order");
    expect(html).not.toContain('name="intent"');
    expectNothingPrivate(html);
    expect(metaOf(html, "og:title")).toEqual(["Reclaimed oak beams"]);
    expect(metaOf(html, "og:description")[0]).toContain("Six beams from a barn conversion.");
    expect(metaOf(html, "og:url")).toEqual([`${APP_URL}/marketplace/${ids.oak}`]);
    expect(metaOf(html, "og:image")).toEqual([`${APP_URL}/media/${PHOTO}`]);
    // Without a photo, no image tag.
    expect(metaOf((await page(`/marketplace/${ids.chairs}`)).html, "og:image")).toEqual([]);
  });

  it("shows a waste listing's codes and details, and no organisation", async () => {
    const { status, html } = await page(`/marketplace/${ids.waste}`);
    expect(status).toBe(200);
    expect(html).toContain("15 01 01");
    expect(html).toContain("Clean baled boxes.");
  });

  it("answers paused, closed, hidden and sample listings, and a suspended or deleted member's, as a missing one", async () => {
    const missing = await page("/marketplace/999999");
    expect(missing.status).toBe(404);
    for (const key of NOT_PUBLIC) {
      const { status, html } = await page(`/marketplace/${ids[key]}`);
      expect(status, key).toBe(404);
      expect(html, key).not.toContain(TITLES[key]);
      expect(html, key).toContain("Listing not found");
    }
  });

  it("sends a signed-in member on to the member marketplace, never from a shared cache", async () => {
    const detail = await page(`/marketplace/${ids.oak}`, member.token);
    expect(detail.status).toBe(302);
    expect(detail.headers.get("location")).toBe(`/app/marketplace/${ids.oak}`);
    expect(detail.headers.get("cache-control")).toBe("private, no-store");
    const list = await page("/marketplace?q=oak", member.token);
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe("/app/marketplace?q=oak");
    expect(list.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("GET /api/public/listings", () => {
  it("answers the public listings without a token, with the seller's name and rating and nothing private", async () => {
    const response = await api(server, "/api/public/listings?limit=50");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const listings = response.json.data.listings as { id: number; title: string; location: string; seller: object }[];
    expect(listings.map((listing) => listing.id).sort()).toEqual(PUBLIC.map((key) => ids[key]).sort());
    const oak = listings.find((listing) => listing.id === ids.oak)!;
    expect(oak.location).toBe("Leeds LS1");
    expect(oak.seller).toEqual({ username: expect.stringMatching(/^Member \d+$/), rating: 4, reviews_count: 1 });
    expectNothingPrivate(response.text);
    expect(response.json.data.pagination).toEqual({ page: 1, limit: 50, total: PUBLIC.length, hasMore: false });
  });

  it("searches with the members' filters, and refuses a bad one with a 400", async () => {
    const response = await api(server, "/api/public/listings?search=cardboard");
    expect(response.json.data.listings.map((listing: { id: number }) => listing.id)).toEqual([ids.waste]);
    const refused = await api(server, "/api/public/listings?kind=stolen");
    expect(refused.status).toBe(400);
    expect(refused.json.errors.kind).toBeDefined();
  });

  it("answers one public listing without a token, and the others as missing ones", async () => {
    const response = await api(server, `/api/public/listings/${ids.waste}`);
    expect(response.status).toBe(200);
    expect(response.json.data.listing.ewc_codes).toEqual([expect.objectContaining({ code: "150101", display_code: "15 01 01" })]);
    for (const key of [...NOT_PUBLIC, "none"] as const) {
      const missing = await api(server, `/api/public/listings/${key === "none" ? 999999 : ids[key]}`);
      expect(missing.status, key).toBe(404);
      expect(missing.json).toEqual({ success: false, message: "This listing does not exist." });
    }
  });
});

describe("the sitemap", () => {
  it("lists the public marketplace and each public listing under APP_URL, and no other listing", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locations).toContain(`${APP_URL}/marketplace`);
    for (const key of PUBLIC) expect(locations).toContain(`${APP_URL}/marketplace/${ids[key]}`);
    for (const key of NOT_PUBLIC) expect(locations).not.toContain(`${APP_URL}/marketplace/${ids[key]}`);
  });
});
