import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Part } from "../support/multipart";
import { openDatabase, withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

let server: TestServer;
let seller: Awaited<ReturnType<typeof registerMember>>;
let other: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  [seller, other] = await Promise.all([registerMember(server), registerMember(server)]);
});

afterAll(async () => {
  await server?.stop();
});

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));

const valid = {
  kind: "sale",
  title: "Baled clear PET",
  description: "About 250 kg a bale, sorted and baled last week.",
  category: "plastics",
  material: "plastics",
  condition: "scrap",
  quantity: 12,
  unit: "piece",
  weight_per_unit_kg: 250,
  price_cents: 4000,
  location: "Leeds, West Yorkshire",
  handover: "collection",
};

const create = (body: Record<string, unknown>, token = seller.token) =>
  api(server, "/api/listings", { method: "POST", body, token });
const get = (pathname: string, token = other.token) => api(server, pathname, { token });
const patch = (id: number, body: unknown, token = seller.token) =>
  api(server, `/api/listings/${id}`, { method: "PATCH", body, token });

async function createMultipart(parts: Part[], token = seller.token) {
  const response = await fetch(`${server.url}/api/listings`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: multipart(parts),
  });
  return { status: response.status, json: JSON.parse(await response.text()) };
}

const asParts = (fields: Record<string, unknown>): Part[] => Object.entries(fields).map(([name, value]) => [name, String(value)]);

function storedState() {
  return withDatabase(server, (db) => ({
    listings: (db.prepare("SELECT count(*) AS n FROM listings").get() as { n: number }).n,
    photos: (db.prepare("SELECT count(*) AS n FROM listing_photos").get() as { n: number }).n,
    files: fs.readdirSync(path.join(server.dataDir, "uploads")).sort(),
  }));
}

describe("POST /api/listings", () => {
  it("needs a session", async () => {
    expect((await api(server, "/api/listings", { method: "POST", body: valid })).status).toBe(401);
    expect((await api(server, "/api/listings")).status).toBe(401);
  });

  it("creates a listing from JSON with every field, the seller and the stock", async () => {
    const response = await create(valid);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      success: true,
      data: {
        listing: {
          ...valid,
          id: expect.any(Number),
          seller: { id: seller.id, username: expect.any(String), rating: null, reviews_count: 0 },
          quantity_left: 12,
          status: "active",
          is_sample: false,
          photos: [],
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      },
    });
    const read = await get(`/api/listings/${response.json.data.listing.id}`);
    expect(read.status).toBe(200);
    expect(read.json.data.listing).toMatchObject({ ...valid, quantity_left: 12, sample: null });
  });

  it("creates a listing from multipart with real photos, served back at /media", async () => {
    const response = await createMultipart([
      ...asParts({ ...valid, title: "Oak offcuts", material: "wood", category: "wood" }),
      ["photo_0", PNG, "offcuts.png", "image/png"],
      ["photo_1", JPEG, "pile.jpg", "image/jpeg"],
    ]);
    expect(response.status).toBe(201);
    const { photos } = response.json.data.listing;
    expect(photos).toEqual([
      { url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/), mime_type: "image/png" },
      { url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.jpg$/), mime_type: "image/jpeg" },
    ]);
    const served = await fetch(server.url + photos[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses the whole listing for one bad photo and leaves no file behind", async () => {
    const before = storedState();
    const notAnImage = await createMultipart([
      ...asParts(valid),
      ["photo_0", PNG, "good.png", "image/png"],
      ["photo_1", Buffer.from("just text, named like a picture"), "fake.png", "image/png"],
    ]);
    expect(notAnImage.status).toBe(415);
    expect(notAnImage.json).toMatchObject({ success: false, errors: { photos: expect.stringMatching(/Only images/) } });

    const tooLarge = await createMultipart([
      ...asParts(valid),
      ["photo_0", Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), "huge.png", "image/png"],
    ]);
    expect(tooLarge.status).toBe(413);

    const tooMany = await createMultipart([
      ...asParts(valid),
      ...[0, 1, 2, 3, 4].map((index): Part => [`photo_${index}`, PNG, `p${index}.png`, "image/png"]),
      ["photos", PNG, "sixth.png", "image/png"],
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toMatch(/at most 5 photos/);

    // Valid photos, but a field breaks a rule: nothing is written either.
    const badField = await createMultipart([...asParts({ ...valid, title: "" }), ["photo_0", PNG, "good.png", "image/png"]]);
    expect(badField.status).toBe(400);
    expect(badField.json.errors).toEqual({ title: "Give the listing a title" });
    expect(storedState()).toEqual(before);
  });

  it("answers each field's error, and changes nothing", async () => {
    const before = storedState();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ kind: "swap" }, { kind: "Choose for sale, free or wanted" }],
      [{ title: "x".repeat(121) }, { title: "The title must be at most 120 characters" }],
      [{ description: "  " }, { description: "Describe what you are listing" }],
      [{ category: "boats" }, { category: "Choose a category" }],
      [{ material: "unobtainium" }, { material: "Choose the material it is mostly made of" }],
      [{ condition: "mint" }, { condition: "Choose a condition" }],
      [{ quantity: 0 }, { quantity: "The quantity must be above zero" }],
      [{ quantity: 2.5 }, { quantity: "Give a whole number of pieces" }],
      [{ unit: "kg", quantity: 1.0001 }, { quantity: "Give the quantity with at most three decimals" }],
      [{ unit: "barrel" }, { unit: "Choose pieces, kg or t" }],
      [{ weight_per_unit_kg: undefined }, { weight_per_unit_kg: "Give the weight of one piece in kg" }],
      [{ weight_per_unit_kg: -1 }, { weight_per_unit_kg: "The weight must be above zero" }],
      [{ price_cents: -1 }, { price_cents: "The price cannot be below zero" }],
      [{ price_cents: 12.5 }, { price_cents: "Give the price in cents as a whole number" }],
      [{ price_cents: 100_000_001 }, { price_cents: "The price must be at most 1,000,000 per unit" }],
      [{ location: "x".repeat(101) }, { location: "The location must be at most 100 characters" }],
      [{ handover: "teleport" }, { handover: "Choose how it changes hands" }],
    ];
    for (const [change, errors] of cases) {
      const response = await create({ ...valid, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.json).toMatchObject({ success: false, errors });
    }
    expect((await api(server, "/api/listings", { method: "POST", body: "{nope", token: seller.token })).status).toBe(400);
    expect((await api(server, "/api/listings", { method: "POST", body: "[]", token: seller.token })).status).toBe(400);
    expect(storedState()).toEqual(before);
  });

  it("makes a free listing cost nothing and drops a weight per piece for kg", async () => {
    const response = await create({ ...valid, kind: "free", price_cents: 500, unit: "kg", quantity: 12.5 });
    expect(response.status).toBe(201);
    expect(response.json.data.listing).toMatchObject({ price_cents: 0, weight_per_unit_kg: null, quantity_left: 12.5 });
  });
});

describe("PATCH /api/listings/:id", () => {
  let id: number;
  beforeAll(async () => {
    id = (await create({ ...valid, title: "Steel drums" })).json.data.listing.id;
  });

  it("changes fields for the owner, merged with the stored listing", async () => {
    const response = await patch(id, { title: "Steel drums, 200 l", price_cents: 1500, quantity: 20 });
    expect(response.status).toBe(200);
    expect(response.json.data.listing).toMatchObject({
      title: "Steel drums, 200 l",
      price_cents: 1500,
      quantity: 20,
      quantity_left: 20,
      description: valid.description,
    });
    const whole = await patch(id, { unit: "piece", weight_per_unit_kg: "" });
    expect(whole.status).toBe(200);
    expect(whole.json.data.listing.weight_per_unit_kg).toBe(250);
    expect((await patch(id, { quantity: 2.5 })).json).toMatchObject({ errors: { quantity: "Give a whole number of pieces" } });
    expect((await patch(id, {})).status).toBe(400);
  });

  it("pauses, reopens and closes, and refuses moves the status does not allow", async () => {
    expect((await patch(id, { status: "paused" })).json.data.listing.status).toBe("paused");
    expect((await patch(id, { status: "paused" })).status).toBe(409);
    expect((await patch(id, { status: "active" })).json.data.listing.status).toBe("active");
    expect((await patch(id, { status: "closed" })).json.data.listing.status).toBe("closed");
    expect((await patch(id, { status: "paused" })).status).toBe(409);
    expect((await patch(id, { status: "sold" })).status).toBe(400);
    // A closed listing stays readable by its address, and can be reopened.
    expect((await get(`/api/listings/${id}`)).json.data.listing.status).toBe("closed");
    expect((await patch(id, { status: "active" })).json.data.listing.status).toBe("active");
  });

  it("is the owner's: another member gets 403, a missing listing 404, a sample 409", async () => {
    const response = await patch(id, { title: "Mine now" }, other.token);
    expect(response.status).toBe(403);
    expect((await get(`/api/listings/${id}`)).json.data.listing.title).toBe("Steel drums, 200 l");
    expect((await patch(999_999, { title: "x" })).status).toBe(404);
    expect((await patch(Number.NaN, { title: "x" })).status).toBe(404);
    expect((await get("/api/listings/999999")).status).toBe(404);
    expect((await get("/api/listings/abc")).status).toBe(404);
    const sample = (await get("/api/listings?search=oak+desk")).json.data.listings[0];
    expect(sample.is_sample).toBe(true);
    expect((await patch(sample.id, { title: "x" }, other.token)).status).toBe(409);
  });
});

describe("GET /api/listings", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const add = async (name: string, fields: Record<string, unknown>) =>
      [name, (await create({ ...valid, ...fields }, other.token)).json.data.listing.id] as const;
    ids = Object.fromEntries(
      await Promise.all([
        add("copper", {
          title: "Copper cable offcuts",
          material: "metals",
          category: "metals",
          price_cents: 900,
          location: "Sheffield",
        }),
        add("cardboard", {
          title: "Flattened cardboard",
          material: "paper",
          category: "paper",
          kind: "free",
          location: "sheffield centre",
        }),
        add("pallets", { title: "Wanted: euro pallets", material: "wood", category: "wood", kind: "wanted", price_cents: 300 }),
      ]),
    );
  });

  const titles = async (query: string) =>
    (await get(`/api/listings?limit=50&${query}`)).json.data.listings.map((listing: { title: string }) => listing.title);

  it("lists members' listings first under featured, then the samples, with a total", async () => {
    const response = await get("/api/listings?limit=5");
    expect(response.status).toBe(200);
    const { listings, pagination } = response.json.data;
    expect(listings).toHaveLength(5);
    expect(listings.every((listing: { is_sample: boolean }) => !listing.is_sample)).toBe(true);
    expect(pagination).toMatchObject({ page: 1, limit: 5, total: expect.any(Number), hasMore: true });
    // Every page, walked to the end, holds each active listing once: the samples last.
    const all: { id: number; is_sample: boolean }[] = [];
    for (let page = 1; page <= Math.ceil(pagination.total / 5); page++) {
      all.push(...(await get(`/api/listings?limit=5&page=${page}`)).json.data.listings);
    }
    expect(all).toHaveLength(pagination.total);
    expect(new Set(all.map((listing) => listing.id)).size).toBe(pagination.total);
    expect(all.slice(-16).every((listing) => listing.is_sample)).toBe(true);
    expect(all.filter((listing) => listing.is_sample)).toHaveLength(16);
  });

  it("filters by words, category, material, kind and location", async () => {
    expect(await titles("search=copper")).toEqual(["Copper cable offcuts"]);
    expect(await titles("search=CABLE%20copp")).toEqual(["Copper cable offcuts"]);
    expect(await titles('search="')).toEqual([]);
    expect(await titles("category=metals")).toEqual(["Copper cable offcuts"]);
    expect(await titles("material=paper")).toEqual(["Flattened cardboard", "Recycled Paper Notebooks (5 pack)"]);
    expect(await titles("kind=wanted")).toEqual(["Wanted: euro pallets"]);
    expect(await titles("kind=free&material=paper")).toEqual(["Flattened cardboard"]);
    expect((await titles("location=SHEFFIELD")).sort()).toEqual(["Copper cable offcuts", "Flattened cardboard"]);
    expect(await titles("location=%25")).toEqual([]);
    expect(ids.copper).toBeGreaterThan(0);
  });

  it("sorts by price both ways, by newest and by the seller's rating", async () => {
    const prices = async (sort: string) =>
      (await get(`/api/listings?limit=50&sort=${sort}`)).json.data.listings.map(
        (listing: { price_cents: number }) => listing.price_cents,
      );
    const ascending = await prices("price_asc");
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = await prices("price_desc");
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const newest = (await get("/api/listings?limit=50&sort=newest")).json.data.listings.map(
      (listing: { created_at: string }) => listing.created_at,
    );
    expect(newest).toEqual([...newest].sort().reverse());
    const rated = await get("/api/listings?limit=50&sort=rating");
    expect(rated.status).toBe(200);
    expect(rated.json.data.pagination.total).toBe((await get("/api/listings")).json.data.pagination.total);
  });

  it("shows only active listings, sold-out ones included", async () => {
    const db = openDatabase(server);
    db.prepare("UPDATE listings SET quantity_left = 0 WHERE id = ?").run(ids.copper);
    db.close();
    expect(await titles("search=copper")).toEqual(["Copper cable offcuts"]);
    expect((await get("/api/listings?search=copper")).json.data.listings[0].quantity_left).toBe(0);
    await patch(ids.pallets, { status: "paused" }, other.token);
    expect(await titles("kind=wanted")).toEqual([]);
  });

  it("answers the samples as sample listings with their details", async () => {
    const response = await get("/api/listings?search=barn");
    expect(response.json.data.listings).toHaveLength(1);
    const sample = response.json.data.listings[0];
    expect(sample).toMatchObject({
      title: "Reclaimed Oak Desk",
      is_sample: true,
      kind: "sale",
      unit: "piece",
      material: "wood",
      price_cents: 34900,
      seller: { username: "Timber Revival Co.", rating: null, reviews_count: 0 },
      photos: [{ url: "/products/reclaimed-oak-desk-1.webp", mime_type: "image/webp" }, expect.anything(), expect.anything()],
    });
    const detail = (await get(`/api/listings/${sample.id}`)).json.data.listing;
    expect(detail.sample).toMatchObject({ original_price_cents: expect.any(Number), features: expect.any(Array) });
    expect(detail.sample.reviews[0]).not.toHaveProperty("verified");
  });

  it("refuses query values it does not know with a 400 naming them", async () => {
    for (const [query, field] of [
      ["sort=cheapest", "sort"],
      ["category=boats", "category"],
      ["material=x", "material"],
      ["kind=swap", "kind"],
      ["page=0", "page"],
      ["limit=500", "limit"],
      ["limit=abc", "limit"],
    ]) {
      const response = await get(`/api/listings?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.json.errors)).toEqual([field]);
    }
  });
});
