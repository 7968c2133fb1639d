import { beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, products, users } from "../../../db/schema";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { toFtsQuery } from "~/lib/fts-query";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { mergeListingChange, quantityLeftAfter, statusMove } from "./listing-rules";
import { changeListing, createListing } from "./listings.server";
import { getListing, listingCardsJson } from "./store/listings.server";
import { searchListings, searchTotalQuery } from "./store/listing-search.server";
import { moveOrder, requestOrder } from "./orders.server";
import { fromListingForm, listingSchema, listingSearchSchema, type ListingValues } from "./schemas";
import { moneyToCents } from "~/lib/numbers";

const stored: ListingValues = listingSchema.parse({
  kind: "sale",
  title: "Baled PET",
  description: "Clear PET bottles, baled",
  category: "plastics",
  material: "plastics",
  condition: "scrap",
  quantity: 12,
  unit: "piece",
  weight_per_unit_kg: 250,
  price_cents: 4000,
  location: "Leeds",
  handover: "collection",
});

describe("the search's words", () => {
  it("become quoted prefix terms, all required, and never FTS syntax", async () => {
    expect(toFtsQuery("baled PET")).toBe('"baled"* "PET"*');
    expect(toFtsQuery('title:x OR "y" NEAR(z) -w*')).toBe('"title"* "x"* "OR"* "y"* "NEAR"* "z"* "w"*');
    expect(toFtsQuery("%_ -- ;")).toBeNull();
    expect(toFtsQuery("Ångström kraft")).toBe('"Ångström"* "kraft"*');
  });
});

describe("mergeListingChange", () => {
  it("lays the change over the stored listing and keeps the rest", async () => {
    const merged = mergeListingChange(stored, { title: "Baled clear PET", price_cents: 4500 });
    expect(merged).toEqual({ ok: true, values: { ...stored, title: "Baled clear PET", price_cents: 4500 } });
  });

  it("checks the rules between fields on the whole result", async () => {
    expect(mergeListingChange(stored, { quantity: 2.5 })).toMatchObject({
      ok: false,
      errors: { quantity: "Give a whole number of pieces" },
    });
    // Tonnes need no weight per piece: the stored one is dropped.
    expect(mergeListingChange(stored, { unit: "t", quantity: 2.5 })).toMatchObject({
      ok: true,
      values: { unit: "t", quantity: 2.5, weight_per_unit_kg: null },
    });
    const inKg = { ...stored, unit: "kg" as const, weight_per_unit_kg: null };
    expect(mergeListingChange(inKg, { unit: "piece" })).toMatchObject({
      ok: false,
      errors: { weight_per_unit_kg: "Give the weight of one piece in kg" },
    });
    // A free listing costs nothing, whatever price it had.
    expect(mergeListingChange(stored, { kind: "free" })).toMatchObject({ ok: true, values: { kind: "free", price_cents: 0 } });
  });
});

describe("statusMove", () => {
  it("pauses, reopens and closes, and refuses the rest as the state's", async () => {
    expect(statusMove("active", "paused")).toEqual({ ok: true });
    expect(statusMove("paused", "active")).toEqual({ ok: true });
    expect(statusMove("closed", "active")).toEqual({ ok: true });
    expect(statusMove("active", "closed")).toEqual({ ok: true });
    expect(statusMove("paused", "closed")).toEqual({ ok: true });
    expect(statusMove("paused", "paused")).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "This listing is already paused.",
    });
    expect(statusMove("closed", "paused")).toMatchObject({ ok: false, reason: "conflict" });
  });
});

describe("quantityLeftAfter", () => {
  it("keeps what accepted orders took, to the gram, and never goes below it", async () => {
    expect(quantityLeftAfter(20, 8, "piece")).toEqual({ ok: true, quantityLeft: 12 });
    expect(quantityLeftAfter(1.3, 0.1, "t")).toEqual({ ok: true, quantityLeft: 1.2 });
    expect(quantityLeftAfter(8, 8, "piece")).toEqual({ ok: true, quantityLeft: 0 });
    expect(quantityLeftAfter(7, 8, "piece")).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { quantity: "Accepted and completed orders already took 8 pieces: the quantity cannot be below that." },
    });
  });
});

describe("the form's price", () => {
  it("is read in the currency's units and stored in cents", async () => {
    expect(moneyToCents("12.50")).toBe(1250);
    expect(moneyToCents(" 0.1 ")).toBe(10);
    expect(moneyToCents("349")).toBe(34900);
    expect(moneyToCents("12.505")).toBeNaN();
    expect(moneyToCents("-1")).toBeNaN();
    expect(moneyToCents("1e3")).toBeNaN();
    expect(fromListingForm({ title: "x", price: "2.05" })).toEqual({ fields: { title: "x", price_cents: 205 } });
    expect(fromListingForm({ price: "" })).toEqual({ fields: {} });
    expect(fromListingForm({ price: "cheap" }).priceError).toMatch(/two decimals/);
  });
});

describe("the search's total", () => {
  it("is counted along the index of listings no moderator hid, not along the map's", async () => {
    const member = { id: 1, userType: "user" as const };
    for (const filters of [{}, { kind: "sale" }]) {
      const query = await searchTotalQuery(member, listingSearchSchema.parse(filters));
      const plan = sqliteClient(getDb())
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...query.params) as { detail: string }[];
      expect(plan.map((step) => step.detail).join("\n")).toContain("USING INDEX listings_visible_status_sample_idx (status=?)");
    }
  });
});

describe("changing a listing's quantity with orders on it", () => {
  let seller: { id: number; userType: "user" };
  let buyer: { id: number; userType: "user" };
  beforeAll(async () => {
    const add = async (username: string) =>
      (
        await getDb()
          .insert(users)
          .values({ username, email: `${username}@example.org`, passwordHash: "!" })
          .returning({ id: users.id })
          .get()
      ).id;
    seller = { id: await add("seller"), userType: "user" };
    buyer = { id: await add("buyer"), userType: "user" };
  });

  it("keeps quantity_left equal to the new quantity minus what was taken", async () => {
    const created = await createListing(seller, { ...stored, price_cents: "4000", quantity: "10" }, []);
    if (!created.ok) throw new Error(created.message);
    const id = created.listing.id;
    const order = await requestOrder(buyer, { listing_id: id, quantity: 4 });
    if (!order.ok) throw new Error(order.message);
    expect(await moveOrder(seller, order.order.id, "accept")).toMatchObject({ ok: true });
    expect(await getListing(buyer, id)).toMatchObject({ quantity: 10, quantity_left: 6 });

    expect(await changeListing(seller, id, { quantity: 15 })).toMatchObject({
      ok: true,
      listing: { quantity: 15, quantity_left: 11 },
    });
    expect(await changeListing(seller, id, { quantity: 3 })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await changeListing(seller, id, { unit: "kg" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await changeListing(buyer, id, { quantity: 20 })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await changeListing(seller, 999_999, { quantity: 20 })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await getListing(buyer, id)).toMatchObject({ quantity: 15, quantity_left: 11 });

    // A cancelled acceptance gives back what it took; the next change counts without it.
    expect(await moveOrder(buyer, order.order.id, "cancel")).toMatchObject({ ok: true });
    expect(await changeListing(seller, id, { quantity: 3 })).toMatchObject({
      ok: true,
      listing: { quantity: 3, quantity_left: 3 },
    });
  });

  it("shows a change in the search at once, despite the kept lists", async () => {
    const query = listingSearchSchema.parse({ search: "zeolite" });
    expect((await searchListings(buyer, query)).total).toBe(0);
    const created = await createListing(seller, { ...stored, title: "Zeolite granules" }, []);
    if (!created.ok) throw new Error(created.message);
    expect((await searchListings(buyer, query)).total).toBe(1);
    await changeListing(seller, created.listing.id, { status: "paused" });
    expect((await searchListings(buyer, query)).total).toBe(0);
  });
});

describe("a search's cards as JSON text (listingCardsJson)", () => {
  it("is JSON.stringify's text of the cards, whatever they hold, and follows a change however it was written", async () => {
    const seller = await addMember('Quotes " and \\ a </script> seller');
    const reader = await addMember("reader-of-cards");
    const [product] = await getDb()
      .insert(products)
      .values({
        slug: "card-text-sample",
        name: "Sample crate",
        description: "A sample",
        longDescription: "A sample crate",
        priceCents: 900,
        originalPriceCents: 1200,
        rating: 4.5,
        reviewsCount: 2,
        images: ["/images/products/crate.webp", "/images/products/crate-side.jpg"],
        seller: "Sample seller",
        sellerRating: 4.8,
        sellerReviews: 10,
        category: "furniture",
        sustainability: 80,
        stockCount: 4,
      })
      .returning({ id: products.id })
      .all();
    const odd = await addListing(seller, {
      title: 'Quillwort crates "quoted" \\ </script> ♻️',
      description: "Line one\nline two\ttabbed, a separator \u2028 and a lone surrogate \ud800 here",
      quantity: 2.5,
      unit: "t",
      weightPerUnitKg: null,
      location: "Leeds",
      lat: 53.8,
      lng: -1.55,
    });
    await addListing(seller, {
      title: "Quillwort cardboard",
      category: "paper",
      material: "paper",
      ewcCodes: ["200101", "150101"],
      wasteDescription: "Cardboard boxes, flattened and baled",
      physicalForm: "Solid",
      containerType: "BAL",
      containers: 6,
    });
    await addListing(seller, { title: "Quillwort sample crate", isSample: true, sampleProductId: product!.id });
    await getDb()
      .insert(listingPhotos)
      .values([
        { listingId: odd, position: 1, fileName: "card-text-2.webp", mimeType: "image/webp", size: 10 },
        { listingId: odd, position: 0, fileName: "card-text-1.png", mimeType: "image/png", size: 10 },
      ])
      .run();
    const query = listingSearchSchema.parse({ search: "quillwort" });
    const distance = { origin: { lat: 51.5, lng: -0.12 }, radiusKm: null };
    const cardsNow = async () => (await searchListings(reader, query, distance)).listings;

    const cards = await cardsNow();
    expect(cards).toHaveLength(3);
    expect(cards.find((card) => card.id === odd)).toMatchObject({ distance_km: expect.any(Number) });
    expect(listingCardsJson(cards)).toBe(JSON.stringify(cards));
    // Read again, from what is kept: the same text.
    expect(listingCardsJson(await cardsNow())).toBe(JSON.stringify(cards));

    // A change through the app, and one written straight to the database without touching
    // updated_at (as an operator might): each is in the next answer.
    expect(await changeListing(seller, odd, { title: "Quillwort crates, relabelled" })).toMatchObject({ ok: true });
    let text = listingCardsJson(await cardsNow());
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(await cardsNow())));
    expect(text).toContain('"title":"Quillwort crates, relabelled"');
    sqliteClient(getDb()).prepare("UPDATE listings SET description = ? WHERE id = ?").run("Written outside the app", odd);
    const after = await cardsNow();
    text = listingCardsJson(after);
    expect(text).toBe(JSON.stringify(after));
    expect(JSON.parse(text).find((card: { id: number }) => card.id === odd).description).toBe("Written outside the app");

    // What every answer shares cannot be changed through one of them.
    const waste = after.find((card) => card.ewc_codes !== null)!;
    expect(() => waste.ewc_codes!.push({ code: "x", display_code: "x", description: "x" })).toThrow(TypeError);
  });
});
