import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { publishPost } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Distance against the real server: listings and posts are placed on the map from their location
 * (a UK postcode by its district, or a town of the shipped gazetteer); the marketplace filters by
 * `near` and `radius_km`, sorts by distance and shows each card's; saved searches match by the
 * same rule; Local is what lies within 50 km. Every listing is written before the first search,
 * so no kept search stands between a write and a read.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
let server: TestServer;
let seller: Member;
let searcher: Member;
const ids = {} as Record<"leeds" | "bradford" | "manchester" | "london" | "nowhere", number>;

const call = (member: Member | null, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, ...(member ? { token: member.token, headers: { "x-forwarded-for": member.address } } : {}) });

async function list(member: Member, title: string, location: string): Promise<number> {
  const created = await call(member, "/api/listings", {
    method: "POST",
    body: {
      kind: "sale",
      title,
      description: "Dry, under cover.",
      category: "wood",
      material: "wood",
      condition: "used",
      quantity: 2,
      unit: "t",
      price_cents: 4000,
      location,
      handover: "collection",
    },
  });
  expect(created.status).toBe(201);
  return created.json.data.listing.id;
}

/** Waits until every saved-search match job has run, so "no notification" means none, not not yet. */
async function matched() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = withDatabase(
      server,
      (db) =>
        db
          .prepare("SELECT count(*) FROM jobs WHERE kind = 'saved-search-match' AND state IN ('pending', 'running')")
          .pluck()
          .get() as number,
    );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} listings were not matched within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  server = await startServer();
  [seller, searcher] = [await registerMember(server), await registerMember(server)];
  ids.leeds = await list(seller, "Oak beams in Leeds", "Kirkstall Road, Leeds LS1 4AP");
  ids.bradford = await list(seller, "Oak flooring in Bradford", "Bradford, West Yorkshire");
  ids.manchester = await list(seller, "Oak doors in Manchester", "M1");
  ids.london = await list(seller, "Oak panels in London", "London");
  ids.nowhere = await list(seller, "Oak offcuts somewhere", "Nowhereville");
});

afterAll(async () => {
  await server?.stop();
});

/** The titles of the listings this file wrote, in the answer's order (the seeded samples may match "oak" too). */
const titlesOf = (answer: { json: { data: { listings: { id: number; title: string }[] } } }) =>
  answer.json.data.listings.filter((listing) => Object.values(ids).includes(listing.id)).map((listing) => listing.title);
const distancesOf = (answer: { json: { data: { listings: { id: number; distance_km: number | null }[] } } }) =>
  Object.fromEntries(answer.json.data.listings.map((listing) => [listing.id, listing.distance_km]));

describe("the marketplace near a place", () => {
  it("finds what lies within 50 km of a postcode district, each with its distance, and further with a wider radius", async () => {
    const near = await call(searcher, "/api/listings?search=oak&near=LS1");
    expect(near.status).toBe(200);
    expect(titlesOf(near).sort()).toEqual(["Oak beams in Leeds", "Oak flooring in Bradford"]);
    const distances = distancesOf(near);
    expect(distances[ids.leeds]).toBe(0);
    // Bradford's centre is about 14 km from LS1's, whole km past 10.
    expect(distances[ids.bradford]).toBeGreaterThanOrEqual(12);
    expect(distances[ids.bradford]).toBeLessThanOrEqual(16);
    expect(Number.isInteger(distances[ids.bradford])).toBe(true);

    const wider = await call(searcher, "/api/listings?search=oak&near=ls1%204ap&radius_km=100&sort=distance");
    expect(titlesOf(wider)).toEqual(["Oak beams in Leeds", "Oak flooring in Bradford", "Oak doors in Manchester"]);
    expect(distancesOf(wider)[ids.manchester]).toBeGreaterThan(50);

    const country = await call(searcher, "/api/listings?search=oak&near=Leeds&radius_km=500&sort=distance");
    expect(titlesOf(country)).toEqual([
      "Oak beams in Leeds",
      "Oak flooring in Bradford",
      "Oak doors in Manchester",
      "Oak panels in London",
    ]);
  });

  it("answers 400 for a place nobody can find, and for a distance sort with nothing to measure from", async () => {
    const nowhere = await call(searcher, "/api/listings?near=Nowhereville");
    expect(nowhere.status).toBe(400);
    expect(nowhere.json).toMatchObject({
      success: false,
      message: 'We could not find "Nowhereville". Give a UK postcode or a town.',
      errors: { near: 'We could not find "Nowhereville". Give a UK postcode or a town.' },
    });
    const unplaced = await registerMember(server);
    const sorted = await call(unplaced, "/api/listings?sort=distance");
    expect(sorted.status).toBe(400);
    expect(sorted.json.message).toBe(
      "To sort by distance, give near (a UK postcode or a town), or a location we can find in your profile.",
    );
    expect((await call(searcher, "/api/listings?near=LS1&radius_km=501")).status).toBe(400);
    expect((await call(null, "/api/public/listings?sort=distance")).status).toBe(400);
  });

  it("measures from the member's own location when no place is given: nearest first, listings without a place last", async () => {
    const leeds = await registerMember(server);
    expect((await call(leeds, "/api/users/profile", { method: "PATCH", body: { location: "Leeds" } })).status).toBe(200);
    const sorted = await call(leeds, "/api/listings?search=oak&sort=distance");
    expect(sorted.status).toBe(200);
    expect(titlesOf(sorted)).toEqual([
      "Oak beams in Leeds",
      "Oak flooring in Bradford",
      "Oak doors in Manchester",
      "Oak panels in London",
      "Oak offcuts somewhere",
    ]);
    expect(distancesOf(sorted)[ids.nowhere]).toBeNull();
    const within = await call(leeds, "/api/listings?search=oak&radius_km=30");
    expect(titlesOf(within).sort()).toEqual(["Oak beams in Leeds", "Oak flooring in Bradford"]);
  });

  it("works for visitors too, from `near` only", async () => {
    const near = await call(null, "/api/public/listings?search=oak&near=Bradford&radius_km=25&sort=distance");
    expect(near.status).toBe(200);
    expect(titlesOf(near)).toEqual(["Oak flooring in Bradford", "Oak beams in Leeds"]);
    expect(distancesOf(near)[ids.bradford]).toBe(0);
    const plain = await call(null, "/api/public/listings?search=oak");
    expect(Object.values(distancesOf(plain)).every((km) => km === null)).toBe(true);
  });
});

describe("the marketplace page without JavaScript", () => {
  it("has a Near field and a radius, shows each card's distance, and says when a place cannot be found", async () => {
    const page = await fetch(`${server.url}/marketplace?q=oak&near=LS1&radius_km=25`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Near (postcode or town)");
    expect(html).toMatch(/<select[^>]*name="radius_km"/);
    expect(html).toContain("Oak flooring in Bradford");
    expect(html).not.toContain("Oak doors in Manchester");
    expect(html).toMatch(/>\d+ km</);
    expect(html).toContain("Places: GeoNames");

    const nowhere = await (await fetch(`${server.url}/marketplace?q=oak&near=Nowhereville`)).text();
    expect(nowhere).toContain("We could not find &quot;Nowhereville&quot;. Give a UK postcode or a town.");
    // The results are the search without the place.
    expect(nowhere).toContain("Oak doors in Manchester");
  });

  it("opens the Filters on a place not found, so a phone shows its error, and says the results are not near it", async () => {
    const member = await registerMember(server);
    const headers = { cookie: `session=${member.token}`, "x-forwarded-for": member.address };
    for (const [pathname, init] of [
      ["/marketplace", {}],
      ["/app/marketplace", { headers }],
    ] as const) {
      const html = (await (await fetch(`${server.url}${pathname}?near=Nowhereville`, init)).text()).replaceAll("<!-- -->", "");
      // The section a phone folds is rendered open, the message beside the field that it names.
      expect(html, pathname).toMatch(/<details class="fold-on-phone[^"]*" open="">/);
      expect(html, pathname).toMatch(
        /<input[^>]*id="listing-near"[^>]*aria-invalid="true"[^>]*aria-describedby="listing-near-error"/,
      );
      expect(html, pathname).toContain(
        '<p id="listing-near-error" class="mt-1 max-w-64 text-xs text-red-700">We could not find &quot;Nowhereville&quot;. Give a UK postcode or a town.</p>',
      );
      // The count says the place was not used, not only how many there are.
      expect(html, pathname).toMatch(
        /role="status">[^]*We could not find &quot;Nowhereville&quot;, so these results are not filtered by distance\.[^]*Showing \d+ of \d+ (listings|products)<\/p>/,
      );

      const found = (await (await fetch(`${server.url}${pathname}?near=LS1`, init)).text()).replaceAll("<!-- -->", "");
      expect(found, pathname).toMatch(/<details class="fold-on-phone[^"]*">/);
      expect(found, pathname).not.toContain("not filtered by distance");
    }
  });
});

describe("saved searches near a place", () => {
  it("are saved from the member's marketplace page without JavaScript, with its place and radius", async () => {
    const member = await registerMember(server);
    const headers = { cookie: `session=${member.token}`, "x-forwarded-for": member.address };
    const marketplace = (
      await (await fetch(`${server.url}/app/marketplace?q=oak&near=LS1&radius_km=25`, { headers })).text()
    ).replaceAll("<!-- -->", "");
    expect(marketplace).toMatch(/<input type="hidden" name="near" value="LS1"\/>/);
    expect(marketplace).toMatch(/<input type="hidden" name="radius_km" value="25"\/>/);
    expect(marketplace).toContain("Oak flooring in Bradford");
    expect(marketplace).not.toContain("Oak doors in Manchester");
    const saved = await fetch(`${server.url}/app/saved-searches`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({
        intent: "save",
        name: "Oak near Leeds",
        search: "oak",
        near: "LS1",
        radius_km: "25",
        alert: "off",
      }),
    });
    expect(saved.status).toBe(302);
    const [row] = (await call(member, "/api/saved-searches")).json.data.saved_searches;
    expect(row.query).toEqual({ search: "oak", near: "LS1", radius_km: 25 });
    const list = (await (await fetch(`${server.url}/app/saved-searches`, { headers })).text()).replaceAll("<!-- -->", "");
    expect(list).toContain("within 25 km of LS1");
  });

  it("tell of a new listing within the radius, and not of one beyond it", async () => {
    const saver = await registerMember(server);
    const saved = await call(saver, "/api/saved-searches", {
      method: "POST",
      body: { name: "Timber near Leeds", query: { search: "timber", near: "LS1", radius_km: 20 }, alert: "off" },
    });
    expect(saved.status).toBe(201);
    expect(saved.json.data.saved_searches[0].query).toEqual({ search: "timber", near: "LS1", radius_km: 20 });
    // Alerts "off" are never matched; this one tells in the app at once.
    expect(
      (
        await call(saver, `/api/saved-searches/${saved.json.data.saved_searches[0].id}`, {
          method: "PATCH",
          body: { alert: "instant" },
        })
      ).status,
    ).toBe(200);
    const near = await list(seller, "Timber in Bradford", "Bradford");
    const far = await list(seller, "Timber in London", "London");
    await matched();
    const told = withDatabase(
      server,
      (db) =>
        db
          .prepare(
            "SELECT subject_id FROM notifications WHERE recipient_id = ? AND type = 'saved_search_match' ORDER BY subject_id",
          )
          .pluck()
          .all(saver.id) as number[],
    );
    expect(told).toEqual([near]);
    expect(told).not.toContain(far);
  });
});

describe("Local by distance", () => {
  it("shows a member in Leeds the posts within 50 km of Leeds, and not those of Accra", async () => {
    const poster = await registerMember(server);
    const post = async (title: string, location_name: string) =>
      (await publishPost(server, poster, { title, content: "Bring gloves.", category: "community_action", location_name })).id;
    const bradford = await post("Litter pick by the canal", "Bradford");
    const accra = await post("Litter pick on the beach", "Accra");
    const reader = await registerMember(server);
    expect((await call(reader, "/api/users/profile", { method: "PATCH", body: { location: "Leeds, UK" } })).status).toBe(200);
    const local = await call(reader, "/api/feed/local?limit=50");
    expect(local.status).toBe(200);
    const shown = local.json.data.posts.map((item: { id: number }) => item.id);
    expect(shown).toContain(bradford);
    expect(shown).not.toContain(accra);
    // Another place asked for by name, then the member's own again: each its own posts.
    const ids = (answer: Awaited<ReturnType<typeof call>>) => answer.json.data.posts.map((item: { id: number }) => item.id);
    const inAccra = ids(await call(reader, "/api/feed/local?location=Accra&limit=50"));
    expect(inAccra).toContain(accra);
    expect(inAccra).not.toContain(bradford);
    expect(ids(await call(reader, "/api/feed/local?limit=50"))).toEqual(shown);
    // An edited location moves the post on the map.
    const moved = await call(poster, `/api/posts/${accra}`, { method: "PATCH", body: { location_name: "Wakefield" } });
    expect(moved.status).toBe(200);
    const after = await call(reader, "/api/feed/local?limit=50");
    expect(after.json.data.posts.map((item: { id: number }) => item.id)).toContain(accra);
    // A place the gazetteer does not know is matched by its name, as before.
    const named = await call(reader, "/api/feed/local?location=Nowhereville&limit=50");
    expect(named.json.data.posts).toEqual([]);
  });
});

describe("rows written before they had a point", () => {
  it("are placed at the next start; a location naming no known place stays unplaced", async () => {
    const unplace = () =>
      withDatabase(server, (db) => {
        db.prepare("UPDATE listings SET lat = NULL, lng = NULL WHERE id IN (?, ?)").run(ids.bradford, ids.nowhere);
        db.prepare("UPDATE users SET location = 'York', lat = NULL, lng = NULL WHERE id = ?").run(searcher.id);
      });
    unplace();
    await server.stop();
    server = await startServer({}, server.dataDir);
    const points = withDatabase(server, (db) => ({
      bradford: db.prepare("SELECT lat, lng FROM listings WHERE id = ?").get(ids.bradford),
      nowhere: db.prepare("SELECT lat, lng FROM listings WHERE id = ?").get(ids.nowhere),
      york: db.prepare("SELECT lat, lng FROM users WHERE id = ?").get(searcher.id),
    }));
    expect(points).toEqual({
      bradford: { lat: 53.7939, lng: -1.7521 },
      nowhere: { lat: null, lng: null },
      york: { lat: 53.9576, lng: -1.0827 },
    });
  });
});
