import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addListing } from "../support/factories";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The marketplace's pages as a browser without JavaScript meets them: pages of HTML, and forms
 * posted to the pages' actions that answer with a redirect and a flash toast, or the form again
 * with its errors.
 */

let server: TestServer;
let seller: Awaited<ReturnType<typeof registerMember>>;
let buyer: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  [seller, buyer] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));

type Member = typeof seller;

async function page(pathname: string, member: Member = seller) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to a page's action, as a browser without JavaScript sends it. */
async function post(pathname: string, body: FormData | URLSearchParams, member: Member = seller) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, origin: server.url, "x-forwarded-for": member.address },
    body,
  });
  const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  // The flash toast is signed JSON in base64: its words are what the next page shows.
  const toast = cookie ? Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8") : undefined;
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, location: response.headers.get("location"), toast, html };
}

const form = {
  kind: "sale",
  title: "Pine pallet boards",
  description: "Forty boards from dismantled pallets, nails removed.",
  category: "wood",
  material: "wood",
  condition: "used",
  quantity: "40",
  unit: "piece",
  weight_per_unit_kg: "1.2",
  price: "2.50",
  location: "Bristol",
  handover: "collection",
};

describe("the marketplace page", () => {
  it("shows the samples marked as sample listings, Showing X of Y, and the links to list and to my listings", async () => {
    const { status, html } = await page("/app/marketplace");
    expect(status).toBe(200);
    expect(html).toMatch(/Showing 12 of \d+ products/);
    expect(html.match(/Sample listing/g)?.length).toBeGreaterThanOrEqual(12);
    expect(html).toContain('href="/app/marketplace/new"');
    expect(html).toContain('href="/app/marketplace/mine"');
    expect(html).toContain("No reviews yet");
    expect(html).toMatch(/href="\/app\/members\/\d+"/);
    expect(html).toMatch(/Listed \d+ (day|days) ago/);
    expect(html).toContain("Load More Products");
    const all = await page("/app/marketplace?page=2");
    expect(all.html).toMatch(/Showing 16 of 16 products/);
    const filtered = await page("/app/marketplace?material=metals&kind=sale&location=pittsburgh");
    expect(filtered.html).toMatch(/Showing 2 of 2 products/);
  });
});

describe("listing something without JavaScript", () => {
  let id: number;

  it("shows each field's error and keeps what was typed", async () => {
    const body = multipart(Object.entries({ ...form, title: "", price: "cheap", weight_per_unit_kg: "" }));
    const response = await post("/app/marketplace/new", body);
    expect(response.status).toBe(400);
    expect(response.html).toContain("Give the listing a title");
    expect(response.html).toContain("Give the weight of one piece in kg");
    expect(response.html).toMatch(/two decimals, like 12\.50/);
    expect(response.html).toContain("Forty boards from dismantled pallets");
  });

  it("creates the listing with a photo and lands on it with a toast", async () => {
    const body = multipart([...Object.entries(form), ["photos", PNG, "boards.png", "image/png"]] as [string, string][]);
    const response = await post("/app/marketplace/new", body);
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/app\/marketplace\/\d+$/);
    expect(response.toast).toContain("Your listing is live.");
    id = Number(response.location!.split("/").pop());
    const listing = (await api(server, `/api/listings/${id}`, { token: buyer.token })).json.data.listing;
    expect(listing).toMatchObject({ title: form.title, price_cents: 250, quantity: 40, weight_per_unit_kg: 1.2 });
    expect(listing.photos).toHaveLength(1);

    const { html } = await page(`/app/marketplace/${id}`);
    expect(html).toContain("Your listing");
    expect(html).toContain("Edit listing");
    expect(html).toContain(listing.photos[0].url);
  });

  it("lets its owner edit it, and shows the edit's errors beside the fields", async () => {
    const refused = await post(`/app/marketplace/${id}`, new URLSearchParams({ ...form, intent: "edit", quantity: "2.5" }));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Give a whole number of pieces");
    const saved = await post(
      `/app/marketplace/${id}`,
      new URLSearchParams({ ...form, intent: "edit", price: "3", title: "Pine boards" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/app/marketplace/${id}`);
    expect(saved.toast).toContain("Your listing was saved.");
    const listing = (await api(server, `/api/listings/${id}`, { token: buyer.token })).json.data.listing;
    expect(listing).toMatchObject({ title: "Pine boards", price_cents: 300 });
  });

  it("pauses and reopens it, and shows it in My listings with its status", async () => {
    const paused = await post(`/app/marketplace/${id}`, new URLSearchParams({ intent: "pause" }));
    expect(paused.status).toBe(302);
    expect(paused.toast).toContain("paused");
    const mine = await page("/app/marketplace/mine");
    expect(mine.html).toContain("Pine boards");
    expect(mine.html).toContain("Paused");
    expect(mine.html).toContain("40 pieces left of 40 pieces");
    // A member who is not the owner sees it, and that it takes no requests; they cannot change it.
    expect((await page(`/app/marketplace/${id}`, buyer)).html).toContain("This listing is paused and takes no requests.");
    const foreign = await post(`/app/marketplace/${id}`, new URLSearchParams({ intent: "reopen" }), buyer);
    expect(foreign.toast).toContain("Only the member who listed this can change it.");
    expect((await post(`/app/marketplace/${id}`, new URLSearchParams({ intent: "reopen" }))).status).toBe(302);
    const open = await page(`/app/marketplace/${id}`, buyer);
    expect(open.html).toContain("Buy Now");
    expect(open.html).toContain("Add to Cart");
  });
});

describe("a sample listing's page", () => {
  it("is marked, shows its sample reviews without Verified Purchase, and cannot be ordered", async () => {
    const { html } = await page("/app/marketplace/1");
    expect(html).toContain("Sample listing");
    expect(html).toContain("This is a sample listing and cannot be ordered.");
    expect(html).toContain("Sample reviews");
    expect(html).not.toContain("Verified Purchase");
    expect(html).not.toContain("Buy Now");
  });

  it("is where a member's /marketplace/:id link leads; visitors are not shown samples", async () => {
    const member = await fetch(`${server.url}/marketplace/3`, {
      redirect: "manual",
      headers: { cookie: `session=${buyer.token}` },
    });
    expect(member.status).toBe(302);
    expect(member.headers.get("location")).toBe("/app/marketplace/3");
    const visitor = await fetch(`${server.url}/marketplace/3`, { redirect: "manual" });
    expect(visitor.status).toBe(404);
  });
});

describe("ordering from a listing's page without JavaScript", () => {
  /** The opening tag of the element with this id, or undefined. */
  const tagOf = (html: string, id: string) => new RegExp(`<(?:input|p)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  /** The text of the element with this id (its error message), or undefined. */
  const textOf = (html: string, id: string) => new RegExp(`<p\\b[^>]*\\bid="${id}"[^>]*>([^<]*)</p>`).exec(html)?.[1];

  /** The order form posted as a browser without JavaScript sends it, with the button pressed. */
  const order = (listingId: number, fields: Record<string, string>) =>
    post(`/app/marketplace/${listingId}`, new URLSearchParams(fields), buyer);

  it("shows a bad quantity under its field, marked invalid, with the number typed kept and no flash", async () => {
    const listingId = addListing(server, seller.id, { title: "Stacking chairs", quantity: 3, price_cents: 1500 });
    const cases = [
      { fields: { intent: "buy", quantity: "1.5" }, status: 400, message: "Choose a whole number of pieces." },
      { fields: { intent: "add", quantity: "0" }, status: 400, message: "The quantity must be above zero" },
      { fields: { intent: "buy", quantity: "" }, status: 400, message: "Give the quantity as a number" },
      // More than is left is a conflict with the stock (409), still the quantity's to fix.
      { fields: { intent: "buy", quantity: "5" }, status: 409, message: "Only 3 pieces left." },
      { fields: { intent: "add", quantity: "5" }, status: 409, message: "Only 3 pieces left." },
    ];
    for (const { fields, status, message } of cases) {
      const refused = await order(listingId, fields);
      const label = JSON.stringify(fields);
      expect(refused.status, label).toBe(status);
      expect(refused.location, label).toBeNull();
      expect(refused.toast, label).toBeUndefined();
      const input = tagOf(refused.html, "quantity");
      expect(input, label).toContain('aria-invalid="true"');
      expect(input, label).toContain('aria-describedby="quantity-error"');
      expect(input, label).toContain(`value="${fields.quantity}"`);
      expect(textOf(refused.html, "quantity-error"), label).toBe(message);
      // The summary leads to the field, and the page lands on it (autofocus).
      expect(refused.html, label).toContain("There is a problem");
      expect(refused.html, label).toContain(`<a href="#quantity" class="font-medium underline">${message}</a>`);
      expect(tagOf(refused.html, "offer-price"), label).not.toContain('aria-invalid="true"');
    }
    expect((await api(server, "/api/orders?role=buying", { token: buyer.token })).json.data.orders).toEqual([]);
  });

  it("shows a bad offer under its field, marked invalid, with the offer typed kept", async () => {
    const listingId = addListing(server, seller.id, { title: "Copper cable drums", quantity: 4, price_cents: 1500 });
    for (const [offer, message] of [
      ["cheap", /with at most two decimals, like 12\.50/],
      ["15", /below the asking price/],
    ] as const) {
      const refused = await order(listingId, { intent: "buy", quantity: "2", offer_price: offer });
      expect(refused.status, offer).toBe(400);
      expect(refused.toast, offer).toBeUndefined();
      const input = tagOf(refused.html, "offer-price");
      expect(input, offer).toContain('aria-invalid="true"');
      expect(input, offer).toContain('aria-describedby="offer-price-error offer-price-hint"');
      expect(input, offer).toContain(`value="${offer}"`);
      expect(textOf(refused.html, "offer-price-error"), offer).toMatch(message);
      // The quantity typed stays too, and is not the field at fault.
      expect(tagOf(refused.html, "quantity"), offer).toContain('value="2"');
      expect(tagOf(refused.html, "quantity"), offer).not.toContain('aria-invalid="true"');
    }
    const sent = await order(listingId, { intent: "buy", quantity: "2", offer_price: "12.50" });
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/app\/orders\/\d+$/);
  });
});
