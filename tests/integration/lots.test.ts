import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handOverRows } from "../support/lot-rows";
import { api, registerMember, startServer, type TestServer } from "../support/server";

const today = new Date().toISOString().slice(0, 10);

/**
 * One load through three hands, as clients and browsers meet it: Ashdown Print (a producer)
 * hands 100 kg to Brook Sorting, which lists 60 kg of its lot on (POST /api/listings with lot_id)
 * to Calder Fibres, which records operations. The notes and lots are written as the completing
 * transaction writes them (tests/support/lot-rows.ts); everything else goes through the server.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let ashdown: Member, brook: Member, calder: Member, outsider: Member;
let brookLot: number, calderLot: number;
let firstNumber: string, secondNumber: string;

const NAMES = { ashdown: "Ashdown Print Ltd", brook: "Brook Sorting Ltd", calder: "Calder Fibres Ltd" };

async function organisation(member: Member, legalName: string, roles: string[]) {
  const response = await api(server, "/api/users/organisation", {
    method: "PUT",
    token: member.token,
    headers: { "x-forwarded-for": member.address },
    body: {
      legal_name: legalName,
      address: "1 Mill Lane, Leeds",
      postcode: "LS1 4AP",
      country: "GB",
      sic_code: "38110",
      roles,
      permit_number: roles.includes("permit_holder") ? "EPR/AB1234CD" : undefined,
    },
  });
  expect(response.status, response.text).toBe(200);
}

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

async function page(member: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The lot page's operation form, as a browser without JavaScript posts it. */
async function postOperation(member: Member, lotId: number, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/app/lots/${lotId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams({ intent: "operation", ...fields }),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

const sortedPaper = (quantity: number, unit = "kg") => ({
  kind: "sale",
  title: "Sorted paper and card",
  description: "Sorted from mixed office waste.",
  category: "office_supplies",
  condition: "used",
  quantity,
  unit,
  price_cents: 0,
  location: "Bradford",
  handover: "collection",
  // Sorting turned the mixed paper it received (20 01 01) into sorted paper and card (19 12 01).
  ewc_codes: ["191201"],
  waste_description: "Sorted paper and card, baled",
  physical_form: "Solid",
  container_type: "BAL",
  containers: 2,
});

beforeAll(async () => {
  server = await startServer();
  [ashdown, brook, calder, outsider] = [
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
  ];
  await organisation(ashdown, NAMES.ashdown, ["producer"]);
  await organisation(brook, NAMES.brook, ["producer"]);
  await organisation(calder, NAMES.calder, ["producer"]);
  const first = handOverRows(
    server,
    { id: ashdown.id, name: NAMES.ashdown },
    { id: brook.id, name: NAMES.brook },
    { weightKg: 100 },
  );
  brookLot = first.lotId;
  firstNumber = first.number;
});

afterAll(async () => {
  await server?.stop();
});

describe("a lot through three hands", () => {
  it("lists the transferee's open lot with its weight left", async () => {
    const { status, json } = await call(brook, "/api/lots");
    expect(status).toBe(200);
    expect(json.data.lots).toEqual([
      expect.objectContaining({
        id: brookLot,
        weight_kg: 100,
        weight_left_kg: 100,
        state: "open",
        note_number: firstNumber,
        holder: { member_id: brook.id, name: NAMES.brook },
      }),
    ]);
    expect(json.data.pagination).toEqual({ page: 1, limit: 20, total: 1, hasMore: false });
    expect((await call(brook, "/api/lots?state=shut")).status).toBe(400);
  });

  it("refuses a listing from the lot over its weight left, and another member's lot as missing", async () => {
    const over = await call(brook, "/api/listings", { method: "POST", body: { ...sortedPaper(0.101, "t"), lot_id: brookLot } });
    expect(over.status).toBe(400);
    expect(over.json.errors.quantity).toBe("The quantity is more than this lot has left to list (100 kg).");
    const notTheirs = await call(calder, "/api/listings", { method: "POST", body: { ...sortedPaper(10), lot_id: brookLot } });
    expect(notTheirs.status).toBe(404);
  });

  it("hands 60 kg on from a listing of the lot: the parent's weight left falls, the new lot names its parent", async () => {
    const listed = await call(brook, "/api/listings", { method: "POST", body: { ...sortedPaper(60), lot_id: brookLot } });
    expect(listed.status, listed.text).toBe(201);
    // While the listing is open, it claims its 60 kg: only 40 kg are left to list.
    const beyond = await call(brook, "/api/listings", { method: "POST", body: { ...sortedPaper(41), lot_id: brookLot } });
    expect(beyond.json.errors.quantity).toBe("The quantity is more than this lot has left to list (40 kg).");

    const second = handOverRows(
      server,
      { id: brook.id, name: NAMES.brook },
      { id: calder.id, name: NAMES.calder },
      { weightKg: 60, listingId: listed.json.data.listing.id, codes: ["191201"] },
    );
    calderLot = second.lotId;
    secondNumber = second.number;
    expect((await call(brook, `/api/lots/${brookLot}`)).json.data.lot).toMatchObject({ weight_left_kg: 40, state: "open" });
    expect((await call(calder, `/api/lots/${calderLot}`)).json.data.lot).toMatchObject({
      parent_lot_id: brookLot,
      weight_kg: 60,
      ewc_codes: ["191201"],
    });
  });

  it("refuses an operation over the weight left, naming it, and records one within it", async () => {
    const over = await call(calder, `/api/lots/${calderLot}/operations`, {
      method: "POST",
      body: { code: "R3", weight_kg: 61, date: today },
    });
    expect(over.status).toBe(400);
    expect(over.json.errors.weight_kg).toBe("The weight is more than this lot has left (60 kg).");
    expect(
      (
        await call(brook, `/api/lots/${calderLot}/operations`, {
          method: "POST",
          body: { code: "R3", weight_kg: 1, date: today },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(outsider, `/api/lots/${calderLot}/operations`, {
          method: "POST",
          body: { code: "R3", weight_kg: 1, date: today },
        })
      ).status,
    ).toBe(404);

    const recycled = await call(calder, `/api/lots/${calderLot}/operations`, {
      method: "POST",
      body: { code: "R3", weight_kg: 50, date: today },
    });
    expect(recycled.status).toBe(201);
    expect(recycled.json.data).toMatchObject({
      operation: { code: "R3", final: true, weight_kg: 50, date: today },
      lot: { weight_left_kg: 10, state: "open" },
    });
  });

  it("records an operation from the lot page's form without JavaScript: errors beside the field, then the lot closed at zero", async () => {
    const refused = await postOperation(calder, calderLot, { code: "D1", weight_kg: "12", date: today });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The weight is more than this lot has left (10 kg).");
    expect(refused.html).toMatch(/<select[^>]*name="code"[^>]*>/);
    expect(refused.html).toContain('value="12"');

    const done = await postOperation(calder, calderLot, { code: "D1", weight_kg: "10", date: today });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/app/lots/${calderLot}`);
    expect((await call(calder, `/api/lots/${calderLot}`)).json.data.lot).toMatchObject({ weight_left_kg: 0, state: "closed" });
    expect((await call(calder, "/api/lots?state=closed")).json.data.lots.map((lot: { id: number }) => lot.id)).toEqual([
      calderLot,
    ]);
    // Closed, the page offers neither the form nor a listing.
    const closed = await page(calder, `/app/lots/${calderLot}`);
    expect(closed.html).not.toContain("Record operation");
    expect(closed.html).not.toContain("List from this lot");
  });

  it("shows the whole chain to each member who held a part of it, on the API and the page; anyone else gets 404", async () => {
    const chain = [
      { type: "handover", from: NAMES.ashdown, to: NAMES.brook, weight_kg: 100, note_number: firstNumber, lot_id: brookLot },
      { type: "handover", from: NAMES.brook, to: NAMES.calder, weight_kg: 60, note_number: secondNumber, lot_id: calderLot },
      { type: "operation", from: NAMES.calder, to: null, weight_kg: 50, code: "R3", final: true, lot_id: calderLot },
      { type: "operation", from: NAMES.calder, to: null, weight_kg: 10, code: "D1", final: true, lot_id: calderLot },
    ];
    for (const member of [ashdown, brook, calder]) {
      for (const lotId of [brookLot, calderLot]) {
        const { status, json } = await call(member, `/api/lots/${lotId}`);
        expect(status, `member ${member.id}, lot ${lotId}`).toBe(200);
        expect(json.data.chain).toMatchObject(chain);
        expect(json.data.pagination).toEqual({ page: 1, limit: 200, total: 4, hasMore: false });
        const shown = await page(member, `/app/lots/${lotId}`);
        expect(shown.status).toBe(200);
        expect(shown.html).toContain(`${NAMES.ashdown} handed 100 kg to ${NAMES.brook}`);
        expect(shown.html).toContain(`${NAMES.calder} recorded R3 (Recycling of organic substances) on 50 kg, fixing its fate`);
      }
    }
    for (const lotId of [brookLot, calderLot]) {
      expect((await call(outsider, `/api/lots/${lotId}`)).status).toBe(404);
      expect((await page(outsider, `/app/lots/${lotId}`)).status).toBe(404);
    }
    expect((await call(outsider, "/api/lots/99999")).status).toBe(404);
  });

  it("tells the producer who handed the load over first what became of it, and sums its fates", async () => {
    const { json } = await call(ashdown, "/api/notifications");
    const texts = json.data.notifications
      .filter((n: { type: string }) => n.type === "lot_fate")
      .map((n: { text: string }) => n.text);
    expect(texts).toEqual([
      `Your load ${firstNumber} was landfilled (D1) by ${NAMES.calder}`,
      `Your load ${firstNumber} was recycled (R3) by ${NAMES.calder}`,
    ]);

    const preferences = async (member: Member) => (await call(member, "/api/notifications/preferences")).json.data.preferences;
    expect((await preferences(ashdown)).lot_fate).toEqual({ in_app: true, email: "daily" });
    expect((await preferences(outsider)).lot_fate).toEqual({ in_app: false, email: "off" });

    const fates = await page(ashdown, "/app/lots/fates");
    expect(fates.status).toBe(200);
    expect(fates.html).toContain("You handed over 100 kg in one transfer.");
    expect(fates.html).toMatch(/R3 Recycling of organic substances<\/th><td[^>]*>50 kg<\/td><td[^>]*>50%/);
    expect(fates.html).toMatch(/Fate not known yet<\/th><td[^>]*>40 kg<\/td><td[^>]*>40%/);
  });
});
