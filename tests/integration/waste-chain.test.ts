import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * One tonne of mixed paper through three hands, through the HTTP API only, as clients meet it:
 * Ashdown Print (a producer) lists it, Brook Sorting collects it and lists 600 kg of its lot on,
 * Calder Fibres collects that and recycles it. Nothing is written by hand, so this proves the
 * wiring the other tests shortcut: the hooks that issue notes, give lots, count the ledger once
 * and tell the producer are registered when the server starts.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let ashdown: Member, brook: Member, calder: Member, outsider: Member;
const NAMES = { ashdown: "Ashdown Print Ltd", brook: "Brook Sorting Ltd", calder: "Calder Fibres Ltd" };
const today = new Date().toISOString().slice(0, 10);

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

async function organisation(member: Member, legalName: string) {
  const saved = await call(member, "/api/users/organisation", {
    method: "PUT",
    body: {
      legal_name: legalName,
      address: "1 Mill Lane, Leeds",
      postcode: "LS1 4AP",
      country: "GB",
      sic_code: "38110",
      roles: ["producer"],
    },
  });
  expect(saved.status, saved.text).toBe(200);
}

const carrier = (name: string) => ({
  name,
  registration_number: "CBDU123456",
  means_of_transport: "Road",
  vehicle_registration: "YX21 ABC",
});

/** Orders the whole listing, accepts it and completes it as a collection: the buyer carries. */
async function collect(seller: Member, buyer: Member, listingId: number, quantity: number) {
  const ordered = await call(buyer, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity } });
  expect(ordered.status, ordered.text).toBe(201);
  const orderId = ordered.json.data.order.id as number;
  const move = (who: Member, body: Record<string, unknown>) =>
    call(who, `/api/orders/${orderId}/transitions`, { method: "POST", body });
  expect((await move(seller, { action: "accept" })).status).toBe(200);
  const carried = await move(buyer, { action: "complete", weight_kg: quantity, carrier: carrier("Own Vehicles") });
  expect(carried.status, carried.text).toBe(200);
  const handed = await move(seller, { action: "complete", hierarchy_declaration: true, place: "Unit 4, Mill Lane, Leeds" });
  expect(handed.status, handed.text).toBe(200);
  expect(handed.json.data.order.state).toBe("completed");
  return handed.json.data.order.transfer_note as { id: number; number: string };
}

const wasteListing = {
  kind: "sale",
  category: "paper",
  material: "paper",
  condition: "scrap",
  unit: "kg",
  price_cents: 0,
  location: "Leeds",
  handover: "collection",
  physical_form: "Solid",
  container_type: "BAL",
  containers: 4,
};

beforeAll(async () => {
  server = await startServer({ SEED: "0" });
  [ashdown, brook, calder, outsider] = [
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
  ];
  await organisation(ashdown, NAMES.ashdown);
  await organisation(brook, NAMES.brook);
  await organisation(calder, NAMES.calder);
});

afterAll(async () => {
  await server?.stop();
});

let firstNote: { id: number; number: string };
let secondNote: { id: number; number: string };
let brookLot: number, calderLot: number;

describe("a tonne of paper through three hands, by the API alone", () => {
  it("issues a note both parties see and gives the collector a lot of the tonne", async () => {
    const listed = await call(ashdown, "/api/listings", {
      method: "POST",
      body: {
        ...wasteListing,
        title: "Mixed office paper",
        description: "Mixed paper from the print room.",
        quantity: 1000,
        ewc_codes: ["20 01 01"],
        waste_description: "Mixed office paper, bagged",
      },
    });
    expect(listed.status, listed.text).toBe(201);
    firstNote = await collect(ashdown, brook, listed.json.data.listing.id, 1000);
    expect(firstNote.number).toMatch(/^CH-\d{4}-\d{6}$/);

    for (const [member, role] of [
      [ashdown, "transferor"],
      [brook, "transferee"],
    ] as const) {
      const register = await call(member, `/api/transfer-notes?role=${role}`);
      expect(register.status).toBe(200);
      expect(register.json.data.notes).toEqual([expect.objectContaining({ id: firstNote.id, number: firstNote.number })]);
    }
    const note = (await call(brook, `/api/transfer-notes/${firstNote.id}`)).json.data.note;
    expect(note).toMatchObject({
      transferor: { member_id: ashdown.id, legal_name: NAMES.ashdown },
      transferee: { member_id: brook.id, legal_name: NAMES.brook },
      place: "Unit 4, Mill Lane, Leeds",
      hierarchy_declaration: true,
      waste: { weight_kg: 1000, ewc_codes: [expect.objectContaining({ code: "200101" })] },
    });

    const lots = await call(brook, "/api/lots");
    expect(lots.json.data.lots).toEqual([
      expect.objectContaining({ weight_kg: 1000, weight_left_kg: 1000, state: "open", parent_lot_id: null }),
    ]);
    brookLot = lots.json.data.lots[0].id;
    expect(note.lot_id).toBe(brookLot);
  });

  it("hands 600 kg of the lot on: the lot keeps 400 kg, the new lot names its parent", async () => {
    const listed = await call(brook, "/api/listings", {
      method: "POST",
      body: {
        ...wasteListing,
        title: "Sorted paper and card",
        description: "Sorted from mixed office paper.",
        quantity: 600,
        lot_id: brookLot,
        ewc_codes: ["19 12 01"],
        waste_description: "Sorted paper and card, baled",
      },
    });
    expect(listed.status, listed.text).toBe(201);
    secondNote = await collect(brook, calder, listed.json.data.listing.id, 600);

    expect((await call(brook, `/api/lots/${brookLot}`)).json.data.lot).toMatchObject({ weight_left_kg: 400, state: "open" });
    const lots = await call(calder, "/api/lots");
    expect(lots.json.data.lots).toEqual([
      expect.objectContaining({ weight_kg: 600, parent_lot_id: brookLot, ewc_codes: ["191201"] }),
    ]);
    calderLot = lots.json.data.lots[0].id;
  });

  it("records the recycling, shows one chain to every holder and none to an outsider", async () => {
    const recycled = await call(calder, `/api/lots/${calderLot}/operations`, {
      method: "POST",
      body: { code: "R3", weight_kg: 600, date: today },
    });
    expect(recycled.status, recycled.text).toBe(201);
    expect(recycled.json.data.lot).toMatchObject({ weight_left_kg: 0, state: "closed" });

    const chains = await Promise.all([ashdown, brook, calder].map((member) => call(member, `/api/lots/${calderLot}`)));
    for (const answer of chains) expect(answer.status).toBe(200);
    expect(chains[1].json.data.chain).toEqual(chains[0].json.data.chain);
    expect(chains[2].json.data.chain).toEqual(chains[0].json.data.chain);
    expect(chains[0].json.data.chain).toEqual([
      expect.objectContaining({ type: "handover", weight_kg: 1000, note_number: firstNote.number }),
      expect.objectContaining({ type: "handover", weight_kg: 600, note_number: secondNote.number }),
      expect.objectContaining({ type: "operation", weight_kg: 600, code: "R3" }),
    ]);
    const outside = await call(outsider, `/api/lots/${calderLot}`);
    const missing = await call(outsider, "/api/lots/99999999");
    expect(outside.status).toBe(404);
    expect(outside.json).toEqual(missing.json);
  });

  it("counts the tonne once across the platform, 600 kg of it recycled", async () => {
    const platform = await fetch(`${server.url}/api/impact/platform`);
    expect(platform.status).toBe(200);
    const { data } = (await platform.json()) as {
      data: { totals: { weight_kg: number; transfers: number }; by_treatment: { treatment: string; weight_kg: number }[] };
    };
    // 1,000 kg, not 1,600: the onward hand-over adds to nobody's figure across members. All of it
    // is recycled: 400 kg as the listing expected, 600 kg as the operation set.
    expect(data.totals).toMatchObject({ weight_kg: 1000, transfers: 2 });
    expect(data.by_treatment).toEqual([expect.objectContaining({ treatment: "recycled", weight_kg: 1000 })]);

    // The 600 kg recycled is Calder's own, recorded by its operation.
    const entries = (await call(calder, "/api/impact/entries")).json.data.entries as { role: string; weight_kg: number }[];
    expect(entries.filter((entry) => entry.role === "recovered")).toEqual([
      expect.objectContaining({ weight_kg: 600, treatment: "recycled" }),
    ]);
  });

  it("gives the note's PDF to the producer, the receipt to the collector, and tells the producer the load's fate", async () => {
    const pdf = await fetch(`${server.url}/api/transfer-notes/${firstNote.id}/pdf`, {
      headers: { authorization: `Bearer ${ashdown.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const receipt = await call(brook, `/api/transfer-notes/${firstNote.id}/dwt`);
    expect(receipt.status, receipt.text).toBe(200);
    expect((await call(ashdown, `/api/transfer-notes/${firstNote.id}/dwt`)).status).toBe(403);

    const notifications = (await call(ashdown, "/api/notifications")).json.data.notifications as { type: string; text: string }[];
    expect(notifications.filter((n) => n.type === "lot_fate").map((n) => n.text)).toEqual([
      expect.stringContaining(`${firstNote.number} was recycled (R3) by ${NAMES.calder}`),
    ]);
  });
});

describe("the chain against those who push it", () => {
  const correct = (member: Member, noteId: number, body: unknown) =>
    call(member, `/api/transfer-notes/${noteId}/correction`, { method: "POST", body });

  it("answers another member's note, its PDF, receipt, correction, lot and operations exactly as a missing one", async () => {
    const attempts: [string, { method?: string; body?: unknown }][] = [
      [`/api/transfer-notes/${firstNote.id}`, {}],
      [`/api/transfer-notes/${firstNote.id}/pdf`, {}],
      [`/api/transfer-notes/${firstNote.id}/dwt`, {}],
      [`/api/transfer-notes/${firstNote.id}/correction`, { method: "POST", body: { place: "Elsewhere" } }],
      [`/api/lots/${brookLot}`, {}],
      [`/api/lots/${brookLot}/operations`, { method: "POST", body: { code: "R3", weight_kg: 1, date: today } }],
    ];
    for (const [pathname, init] of attempts) {
      const theirs = await call(outsider, pathname, init);
      const missing = await call(outsider, pathname.replace(/\/(\d+)(?=\/|$)/, "/99999999"), init);
      expect([pathname, theirs.status, theirs.json]).toEqual([pathname, 404, missing.json]);
    }
    const fromTheirLot = await call(outsider, "/api/listings", {
      method: "POST",
      body: { ...wasteListing, title: "Paper", description: "Paper.", quantity: 1, lot_id: brookLot, ewc_codes: ["191201"] },
    });
    const fromNoLot = await call(outsider, "/api/listings", {
      method: "POST",
      body: { ...wasteListing, title: "Paper", description: "Paper.", quantity: 1, lot_id: 99999999, ewc_codes: ["191201"] },
    });
    expect([fromTheirLot.status, fromTheirLot.json]).toEqual([404, fromNoLot.json]);
  });

  it("keeps a listing made from a lot a waste listing: its codes cannot be dropped", async () => {
    const listed = await call(brook, "/api/listings", {
      method: "POST",
      body: { ...wasteListing, title: "Card", description: "Card.", quantity: 10, lot_id: brookLot, waste_description: "Card" },
    });
    expect(listed.status, listed.text).toBe(201);
    // Without codes it starts with the lot's.
    expect(listed.json.data.listing.ewc_codes).toEqual([expect.objectContaining({ code: "200101" })]);
    const listingId = listed.json.data.listing.id as number;
    const dropped = await call(brook, `/api/listings/${listingId}`, { method: "PATCH", body: { ewc_codes: null } });
    expect(dropped.status).toBe(400);
    expect(dropped.json.errors).toEqual({ ewc_codes: "A lot is waste: a listing made from it keeps its waste codes." });
    expect((await call(brook, `/api/listings/${listingId}`)).json.data.listing.ewc_codes).toEqual([
      expect.objectContaining({ code: "200101" }),
    ]);
    expect((await call(brook, `/api/listings/${listingId}`, { method: "PATCH", body: { status: "closed" } })).status).toBe(200);
  });

  it("records one of two operations sent at once when the lot holds only one", async () => {
    await organisation(outsider, "Dale Mills Ltd");
    const listed = await call(brook, "/api/listings", {
      method: "POST",
      body: {
        ...wasteListing,
        title: "Card",
        description: "Card.",
        quantity: 100,
        lot_id: brookLot,
        ewc_codes: ["191201"],
        waste_description: "Card",
      },
    });
    expect(listed.status, listed.text).toBe(201);
    await collect(brook, outsider, listed.json.data.listing.id, 100);
    const dale = (await call(outsider, "/api/lots")).json.data.lots[0].id as number;
    const both = await Promise.all(
      [1, 2].map(() =>
        call(outsider, `/api/lots/${dale}/operations`, { method: "POST", body: { code: "R3", weight_kg: 100, date: today } }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect((await call(outsider, `/api/lots/${dale}`)).json.data.lot).toMatchObject({ weight_left_kg: 0, state: "closed" });
  });

  it("refuses a corrected weight its lots cannot follow, and resizes them for one they can", async () => {
    // Brook's lot: 1,000 kg, 600 kg to Calder and 100 kg to Dale: 300 kg left.
    expect((await call(brook, `/api/lots/${brookLot}`)).json.data.lot).toMatchObject({ weight_kg: 1000, weight_left_kg: 300 });

    const aboveParent = await correct(brook, secondNote.id, { weight_kg: 1500 });
    expect(aboveParent.status).toBe(409);
    expect(aboveParent.json.message).toBe(
      "This load came from a lot with 300 kg left unclaimed: its weight cannot be corrected above 900 kg.",
    );
    const belowUsed = await correct(ashdown, firstNote.id, { weight_kg: 500 });
    expect(belowUsed.status).toBe(409);
    expect(belowUsed.json.message).toBe(
      "The lot of this load has already handed on, listed or used 700 kg: its weight cannot be corrected below that.",
    );
    expect((await call(brook, "/api/transfer-notes")).json.data.notes).toHaveLength(3);

    // Calder's load was 650 kg after all: its lot holds 50 kg more (open again), Brook's 50 kg less.
    const heavier = await correct(calder, secondNote.id, { weight_kg: 650 });
    expect(heavier.status, heavier.text).toBe(201);
    expect(heavier.json.data.note.lot_id).toBe(calderLot);
    expect((await call(calder, `/api/lots/${calderLot}`)).json.data.lot).toMatchObject({
      weight_kg: 650,
      weight_left_kg: 50,
      state: "open",
      note_number: heavier.json.data.note.number,
    });
    expect((await call(brook, `/api/lots/${brookLot}`)).json.data.lot).toMatchObject({ weight_kg: 1000, weight_left_kg: 250 });
    // Two corrections of one note at once: one stands, the other finds it corrected; the lot grows once.
    const both = await Promise.all([
      correct(ashdown, firstNote.id, { weight_kg: 1010 }),
      correct(brook, firstNote.id, { weight_kg: 1010 }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await call(brook, `/api/lots/${brookLot}`)).json.data.lot).toMatchObject({ weight_kg: 1010, weight_left_kg: 260 });

    // The producer still follows the load, its chain naming the corrected note and weight.
    const followed = await call(ashdown, `/api/lots/${calderLot}`);
    expect(followed.status).toBe(200);
    expect(followed.json.data.chain).toContainEqual(
      expect.objectContaining({ type: "handover", weight_kg: 650, note_number: heavier.json.data.note.number }),
    );
  });

  it("issues one note and one lot when both parties, each clicking twice, complete at once", async () => {
    const listed = await call(ashdown, "/api/listings", {
      method: "POST",
      body: {
        ...wasteListing,
        title: "Office paper",
        description: "Office paper.",
        quantity: 50,
        ewc_codes: ["20 01 01"],
        waste_description: "Office paper, bagged",
      },
    });
    const ordered = await call(calder, "/api/orders", {
      method: "POST",
      body: { listing_id: listed.json.data.listing.id, quantity: 50 },
    });
    const orderId = ordered.json.data.order.id as number;
    const move = (who: Member, body: Record<string, unknown>) =>
      call(who, `/api/orders/${orderId}/transitions`, { method: "POST", body });
    expect((await move(ashdown, { action: "accept" })).status).toBe(200);
    const buyer = { action: "complete", carrier: carrier("Own Vehicles") };
    const seller = { action: "complete", hierarchy_declaration: true, place: "Leeds" };
    const answers = await Promise.all([move(calder, buyer), move(ashdown, seller), move(calder, buyer), move(ashdown, seller)]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect((await call(calder, `/api/orders/${orderId}`)).json.data.order.state).toBe("completed");
    const notes = (await call(calder, "/api/transfer-notes")).json.data.notes as { order_id: number }[];
    expect(notes.filter((note) => note.order_id === orderId)).toHaveLength(1);
    const lots = (await call(calder, "/api/lots")).json.data.lots as { weight_kg: number }[];
    expect(lots.filter((lot) => lot.weight_kg === 50)).toHaveLength(1);
  });

  it("defuses, in the register's CSV, every text a member typed that could run as a formula", async () => {
    await organisation(outsider, '=HYPERLINK("http://x.test","Dale")');
    const listed = await call(outsider, "/api/listings", {
      method: "POST",
      body: {
        ...wasteListing,
        title: "Paper",
        description: "Paper.",
        quantity: 5,
        ewc_codes: ["200101"],
        waste_description: "+SUM(A1:A9) bags",
      },
    });
    expect(listed.status, listed.text).toBe(201);
    const ordered = await call(brook, "/api/orders", {
      method: "POST",
      body: { listing_id: listed.json.data.listing.id, quantity: 5 },
    });
    const orderId = ordered.json.data.order.id as number;
    const move = (who: Member, body: Record<string, unknown>) =>
      call(who, `/api/orders/${orderId}/transitions`, { method: "POST", body });
    expect((await move(outsider, { action: "accept" })).status).toBe(200);
    expect(
      (
        await move(brook, {
          action: "complete",
          carrier: { name: "-2+3 Haulage", registration_number: "@CBDU1", means_of_transport: "Road" },
        })
      ).status,
    ).toBe(200);
    expect((await move(outsider, { action: "complete", hierarchy_declaration: true, place: "\t=1+1 yard" })).status).toBe(200);

    const csv = await fetch(`${server.url}/api/transfer-notes/export`, { headers: { authorization: `Bearer ${brook.token}` } });
    expect(csv.status).toBe(200);
    const row = readCsv(await csv.text()).find((entry) => entry.waste_description.includes("SUM"));
    expect(row).toMatchObject({
      transferor: '\'=HYPERLINK("http://x.test","Dale")',
      waste_description: "'+SUM(A1:A9) bags",
      carrier: "'-2+3 Haulage",
      carrier_registration: "'@CBDU1",
      // The place is trimmed as it is read, then defused.
      place: "'=1+1 yard",
    });
  });
});
