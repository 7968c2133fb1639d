import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Waste listings: published and ordered only by members with an organisation, their codes of the
 * List of Waste checked and answered with their descriptions, the marketplace filtered by a code
 * or a chapter, and the new-listing page as a browser without JavaScript posts it.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let producer: Member;
let recycler: Member;
let householder: Member;

const HAZARDOUS = "Hazardous waste needs a consignment note, which Circular Hub does not issue: trade it outside the platform.";
const NO_ORGANISATION = "Add your organisation's details first.";

const organisation = (legal_name: string) => ({
  legal_name,
  address: "1 Mill Lane, Leeds",
  postcode: "LS1 4AP",
  country: "GB",
  sic_code: "38110",
  roles: ["producer"],
});

beforeAll(async () => {
  server = await startServer();
  [producer, recycler, householder] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  for (const [member, name] of [
    [producer, "Leeds Print Works Ltd"],
    [recycler, "Green Loop Recycling Ltd"],
  ] as const) {
    const saved = await api(server, "/api/users/organisation", { method: "PUT", token: member.token, body: organisation(name) });
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.stop();
});

const cardboard = {
  kind: "sale",
  title: "Clean cardboard boxes",
  description: "Clean, dry cardboard offcuts, baled on site.",
  category: "paper",
  material: "paper",
  condition: "scrap",
  quantity: 2,
  unit: "t",
  price_cents: 4000,
  location: "Leeds",
  handover: "collection",
};
const waste = {
  ...cardboard,
  title: "Baled cardboard from the print shop",
  ewc_codes: ["20 01 01"],
  waste_description: "Cardboard boxes and offcuts, flattened and baled",
  physical_form: "Solid",
  container_type: "BAL",
  containers: 6,
};

const publish = (body: Record<string, unknown>, member = producer) =>
  api(server, "/api/listings", { method: "POST", body, token: member.token });
const search = (query: string, member = recycler) => api(server, `/api/listings?${query}`, { token: member.token });
const order = (listingId: number, member: Member) =>
  api(server, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 1 }, token: member.token });

const codeRows = (listingId: number) =>
  withDatabase(server, (db) =>
    db.prepare("SELECT code, chapter FROM listing_waste_codes WHERE listing_id = ? ORDER BY code").all(listingId),
  );

describe("publishing a waste listing", () => {
  let id: number;

  it("needs an organisation: 409 and nothing stored without one", async () => {
    const refused = await publish(waste, householder);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ success: false, message: NO_ORGANISATION });
    const stored = withDatabase(server, (db) =>
      db.prepare("SELECT count(*) AS n FROM listings WHERE seller_id = ?").get(householder.id),
    );
    expect(stored).toEqual({ n: 0 });
    // Anything else they may still list.
    expect((await publish(cardboard, householder)).status).toBe(201);
  });

  it("refuses a hazardous code, a code not on the list and missing details, naming each", async () => {
    const hazardous = await publish({ ...waste, ewc_codes: ["17 05 03*"] });
    expect(hazardous.status).toBe(400);
    expect(hazardous.json).toMatchObject({ message: HAZARDOUS, errors: { ewc_codes: HAZARDOUS } });
    const unknown = await publish({ ...waste, ewc_codes: ["200101", "209999"] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ ewc_codes: "20 99 99 is not a code of the List of Waste" });
    const bare = await publish({ ...cardboard, ewc_codes: ["200101"] });
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.json.errors).sort()).toEqual(["container_type", "containers", "physical_form", "waste_description"]);
    const detailsOnly = await publish({ ...cardboard, physical_form: "Solid" });
    expect(detailsOnly.status).toBe(400);
    expect(detailsOnly.json.errors).toHaveProperty("physical_form");
  });

  it("answers the listing with its codes described and its waste details, and stores the codes for the filters", async () => {
    const created = await publish({ ...waste, ewc_codes: ["20 01 01", "200101", "150101"] });
    expect(created.status).toBe(201);
    id = created.json.data.listing.id;
    expect(created.json.data.listing).toMatchObject({
      ewc_codes: [
        { code: "200101", display_code: "20 01 01", description: "paper and cardboard" },
        { code: "150101", display_code: "15 01 01", description: "paper and cardboard packaging" },
      ],
      waste_description: "Cardboard boxes and offcuts, flattened and baled",
      physical_form: "Solid",
      container_type: "BAL",
      containers: 6,
    });
    expect(codeRows(id)).toEqual([
      { code: "150101", chapter: "15" },
      { code: "200101", chapter: "20" },
    ]);
    const other = (await publish(cardboard)).json.data.listing;
    expect(other).toMatchObject({
      ewc_codes: null,
      waste_description: null,
      physical_form: null,
      container_type: null,
      containers: null,
    });
  });

  it("rewrites the codes on a change, and takes them away with ewc_codes null", async () => {
    const changed = await api(server, `/api/listings/${id}`, {
      method: "PATCH",
      token: producer.token,
      body: { ewc_codes: ["20 01 01"] },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data.listing.ewc_codes).toEqual([
      { code: "200101", display_code: "20 01 01", description: "paper and cardboard" },
    ]);
    expect(codeRows(id)).toEqual([{ code: "200101", chapter: "20" }]);

    const fresh = (await publish({ ...waste, title: "Paper that is not waste after all" })).json.data.listing.id;
    const cleared = await api(server, `/api/listings/${fresh}`, {
      method: "PATCH",
      token: producer.token,
      body: { ewc_codes: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.data.listing).toMatchObject({
      ewc_codes: null,
      waste_description: null,
      physical_form: null,
      containers: null,
    });
    expect(codeRows(fresh)).toEqual([]);
  });

  it("finds it by its code (spaces ignored) and its chapter, not by another code, and refuses a bad filter by name", async () => {
    const ids = async (query: string) => {
      const answer = await search(query);
      expect(answer.status).toBe(200);
      return answer.json.data.listings.map((listing: { id: number }) => listing.id);
    };
    expect(await ids("ewc_code=200101")).toEqual([id]);
    expect(await ids("ewc_code=20%2001%2001")).toEqual([id]);
    expect(await ids("ewc_chapter=20")).toEqual([id]);
    expect(await ids("ewc_code=150101")).toEqual([]);
    expect(await ids("ewc_chapter=15")).toEqual([]);
    const bad = await search("ewc_code=2001");
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ ewc_code: "ewc_code must be a code of six digits, like 20 01 01" });
    expect((await search("ewc_chapter=21")).json.errors).toHaveProperty("ewc_chapter");
  });

  it("takes orders only from members with an organisation", async () => {
    const refused = await order(id, householder);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(NO_ORGANISATION);
    // The cart's checkout asks the same way.
    await api(server, "/api/cart", { method: "PUT", token: householder.token, body: { listing_id: id, quantity: 1 } });
    const checkout = await api(server, "/api/cart/checkout", { method: "POST", token: householder.token, body: {} });
    expect(checkout.status).toBe(409);
    expect(checkout.json.message).toContain(NO_ORGANISATION);

    const placed = await order(id, recycler);
    expect(placed.status).toBe(201);
    expect(placed.json.data.order).toMatchObject({ state: "requested", seller: { id: producer.id }, buyer: { id: recycler.id } });
  });

  it("lists the waste fields of the member's listings in their export", async () => {
    const exported = await api(server, "/api/users/export", { token: producer.token });
    const listing = exported.json.listings.find((row: { id: number }) => row.id === id);
    expect(listing).toMatchObject({
      ewc_codes: ["200101"],
      waste_description: "Cardboard boxes and offcuts, flattened and baled",
      physical_form: "Solid",
      container_type: "BAL",
      containers: 6,
    });
  });
});

describe("the listing pages without JavaScript", () => {
  async function post(pathname: string, body: FormData | URLSearchParams, member: Member = producer) {
    const response = await fetch(server.url + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${member.token}`, origin: server.url, "x-forwarded-for": member.address },
      body,
    });
    const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    // The flash toast is signed JSON in base64: what the next page shows.
    const toast = cookie ? Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8") : undefined;
    return {
      status: response.status,
      location: response.headers.get("location"),
      toast,
      html: (await response.text()).replaceAll("<!-- -->", ""),
    };
  }
  async function page(pathname: string, member: Member = producer) {
    const response = await fetch(server.url + pathname, {
      headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
    });
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  }
  const form = {
    kind: "sale",
    title: "Mixed paper from the office",
    description: "Shredded and loose office paper.",
    category: "paper",
    material: "paper",
    condition: "scrap",
    quantity: "300",
    unit: "kg",
    price: "0.05",
    location: "Leeds",
    handover: "collection",
    waste_description: "Office paper, shredded, in sacks",
    physical_form: "Solid",
    container_type: "BAG",
    containers: "12",
  };

  let id: number;

  it("searches codes, adds one with the form's Add button keeping what was typed, and publishes the waste listing", async () => {
    const searched = await page("/app/marketplace/new?search=paper+cardboard");
    expect(searched.status).toBe(200);
    // The picker's search form stands beside the listing form, its Add buttons tied to it.
    const addButtons = searched.html.match(/<button[^>]*name="waste_code_add"[^>]*>/g) ?? [];
    expect(addButtons.some((button) => button.includes('form="listing-form"') && button.includes('value="200101"'))).toBe(true);
    expect(searched.html).not.toMatch(/<form[^>]*id="listing-form"(?:(?!<\/form>)[\s\S])*role="search"/);
    expect(searched.html).toContain("Crown copyright and database right material");

    const added = await post(
      "/app/marketplace/new?search=paper+cardboard",
      multipart(Object.entries({ ...form, ewc_codes: "", waste_code_add: "200101" })),
    );
    expect(added.status).toBe(200);
    expect(added.html).toContain('name="ewc_codes" value="200101"');
    expect(added.html).toContain("Office paper, shredded, in sacks");
    expect(
      withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM listings WHERE title = ?").get(form.title)),
    ).toEqual({
      n: 0,
    });

    const published = await post("/app/marketplace/new", multipart(Object.entries({ ...form, ewc_codes: "200101" })));
    expect(published.status).toBe(302);
    id = Number(published.location!.split("/").pop());
    const shown = await page(`/app/marketplace/${id}`, recycler);
    expect(shown.html).toContain("Waste details");
    expect(shown.html).toContain("20 01 01");
    expect(shown.html).toContain("paper and cardboard");
    expect(shown.html).toContain("Office paper, shredded, in sacks");
    expect(shown.html).toContain("Bag / Sack (e.g. rubble bag, refuse sack)");
    expect(shown.html).toContain("Crown copyright and database right material");

    // Its owner adds a second code on the edit form, then saves; emptied, the codes are taken away.
    const edit = (fields: Record<string, string>) =>
      post(`/app/marketplace/${id}`, new URLSearchParams({ ...form, intent: "edit", ...fields }));
    const picked = await edit({ ewc_codes: "200101", waste_code_add: "150101" });
    expect(picked.status).toBe(200);
    expect(picked.html).toContain('name="ewc_codes" value="200101,150101"');
    expect((await edit({ ewc_codes: "200101,150101" })).status).toBe(302);
    const codes = async () => (await api(server, `/api/listings/${id}`, { token: recycler.token })).json.data.listing.ewc_codes;
    expect((await codes()).map((code: { code: string }) => code.code)).toEqual(["200101", "150101"]);
    const refused = await edit({ ewc_codes: "" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Only a waste listing, with its waste codes, has a waste_description");
    const plain = { waste_description: "", physical_form: "", container_type: "", containers: "" };
    expect((await edit({ ...plain, ewc_codes: "" })).status).toBe(302);
    expect(await codes()).toBeNull();
    expect((await edit({ ewc_codes: "200101" })).status).toBe(302);
  });

  it("tells a member without an organisation where to add it", async () => {
    const refused = await post("/app/marketplace/new", multipart(Object.entries({ ...form, ewc_codes: "200101" })), householder);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(NO_ORGANISATION);
    expect(refused.html).toContain('href="/app/settings/organisation"');
  });

  it("tells a member without an organisation who orders where to add it, from the listing and from the cart", async () => {
    const buy = await post(`/app/marketplace/${id}`, new URLSearchParams({ intent: "buy", quantity: "1" }), householder);
    expect(buy.status).toBe(302);
    expect(buy.location).toBe(`/app/marketplace/${id}`);
    expect(JSON.parse(buy.toast!)).toMatchObject({
      title: NO_ORGANISATION,
      action: { href: "/app/settings/organisation" },
    });
    await api(server, "/api/cart", { method: "PUT", token: householder.token, body: { listing_id: id, quantity: 1 } });
    const checkout = await post("/app/cart", new URLSearchParams({ intent: "checkout" }), householder);
    expect(checkout.status).toBe(409);
    expect(checkout.html).toContain(NO_ORGANISATION);
    expect(checkout.html).toContain('href="/app/settings/organisation"');
  });

  it("filters the marketplace page by chapter and code", async () => {
    const byChapter = await page("/app/marketplace?ewc_chapter=20", recycler);
    expect(byChapter.html).toContain(form.title);
    expect(byChapter.html).toContain(waste.title);
    expect(byChapter.html).not.toContain(cardboard.title);
    const byCode = await page("/app/marketplace?ewc_code=15+01+01", recycler);
    expect(byCode.html).not.toContain(form.title);
  });
});
