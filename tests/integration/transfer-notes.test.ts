import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv";
import { addTransferNote } from "../support/factories";
import { pdfText } from "../support/pdf-text";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Where members read their transfer notes: the register (API and page), a note, its PDF, the
 * register's CSV and the transferee's receipt for digital waste tracking; only the two parties
 * see a note, and anyone else reads it as a note that does not exist.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let seller: Member;
let buyer: Member;
let stranger: Member;
let note: { id: number; number: string };
let later: { id: number; number: string };

beforeAll(async () => {
  server = await startServer();
  [seller, buyer, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  note = addTransferNote(server, {
    transferorId: seller.id,
    transfereeId: buyer.id,
    waste: { description: "=cmd|' /C calc'!A0 bales of film" },
  });
  later = addTransferNote(server, {
    transferorId: buyer.id,
    transfereeId: seller.id,
    transferredAt: new Date("2026-04-20T09:00:00Z"),
    waste: { ewc_codes: [{ code: "150102", description: "plastic packaging" }], weight_kg: 75.25 },
  });
});

afterAll(async () => {
  await server?.stop();
});

const get = (member: Member, pathname: string) =>
  fetch(server.url + pathname, { redirect: "manual", headers: { authorization: `Bearer ${member.token}` } });

async function page(member: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

describe("GET /api/transfer-notes", () => {
  it("is the caller's register newest first, filtered by part and UTC days, with totals by code", async () => {
    const all = await api(server, "/api/transfer-notes", { token: seller.token });
    expect(all.status).toBe(200);
    expect(all.json.data.notes.map((entry: { number: string }) => entry.number)).toEqual([later.number, note.number]);
    expect(all.json.data.pagination).toEqual({ page: 1, limit: 25, total: 2, hasMore: false });
    // Each entry is the note whole, as the note's own answer gives it (the register writes its stored JSON as read).
    for (const entry of all.json.data.notes)
      expect(entry).toEqual((await api(server, `/api/transfer-notes/${entry.id}`, { token: seller.token })).json.data.note);
    expect(all.json.data.totals).toEqual([
      { code: "150102", description: "plastic packaging", notes: 1, weight_kg: 75.25 },
      { code: "150106", description: "mixed packaging", notes: 1, weight_kg: 120 },
    ]);

    const received = await api(server, "/api/transfer-notes?role=transferee", { token: seller.token });
    expect(received.json.data.notes.map((entry: { number: string }) => entry.number)).toEqual([later.number]);
    expect(received.json.data.totals).toEqual([{ code: "150102", description: "plastic packaging", notes: 1, weight_kg: 75.25 }]);

    const march = await api(server, "/api/transfer-notes?from=2026-03-01&to=2026-03-31", { token: seller.token });
    expect(march.json.data.notes.map((entry: { number: string }) => entry.number)).toEqual([note.number]);

    expect((await api(server, "/api/transfer-notes", { token: stranger.token })).json.data.pagination.total).toBe(0);
    const refused = await api(server, "/api/transfer-notes?role=carrier&from=2026-02-30", { token: seller.token });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toMatchObject({ role: expect.any(String), from: expect.any(String) });
    expect((await api(server, "/api/transfer-notes")).status).toBe(401);
  });
});

describe("GET /api/transfer-notes/:id and its PDF", () => {
  it("answer both parties, and anyone else as for a note that does not exist", async () => {
    for (const party of [seller, buyer]) {
      const answer = await api(server, `/api/transfer-notes/${note.id}`, { token: party.token });
      expect(answer.status).toBe(200);
      expect(answer.json.data.note).toMatchObject({ number: note.number, transferor: { member_id: seller.id } });
    }
    const missing = await api(server, "/api/transfer-notes/999999", { token: stranger.token });
    const others = await api(server, `/api/transfer-notes/${note.id}`, { token: stranger.token });
    expect(others.status).toBe(404);
    expect(others.json).toEqual(missing.json);
    const pdf = await get(stranger, `/api/transfer-notes/${note.id}/pdf`);
    expect(pdf.status).toBe(404);
    expect(await pdf.json()).toEqual(missing.json);
  });

  it("sends the note as a PDF named after its number, its text readable", async () => {
    const response = await get(buyer, `/api/transfer-notes/${note.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${note.number}.pdf"`);
    const { pages, text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [note.number, "Green Loop Haulage Ltd", "Second Life Plastics Ltd", "150106"])
      expect(flat).toContain(expected);
  });
});

describe("GET /api/transfer-notes/export", () => {
  it("is the register as CSV: a header, one row a note, formula-looking text defused", async () => {
    const response = await get(seller, "/api/transfer-notes/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toMatch(/^number,transferred_at,issued_at,your_role,transferor,/);
    const rows = readCsv(text);
    expect(rows.map((row) => [row.number, row.your_role])).toEqual([
      [note.number, "transferor"],
      [later.number, "transferee"],
    ]);
    expect(rows[0]!.waste_description).toBe("'=cmd|' /C calc'!A0 bales of film");
    const april = readCsv(await (await get(seller, "/api/transfer-notes/export?from=2026-04-01")).text());
    expect(april.map((row) => row.number)).toEqual([later.number]);
  });
});

describe("GET /api/transfer-notes/:id/dwt", () => {
  it("gives the transferee the receipt with what is missing; refuses the transferor; others find nothing", async () => {
    const receipt = await api(server, `/api/transfer-notes/${note.id}/dwt`, { token: buyer.token });
    expect(receipt.status).toBe(200);
    expect(receipt.json.data).toMatchObject({
      receipt: { yourUniqueReference: note.number, reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER" },
      missing: [{ field: "wasteItems[0].containsPops", required: true }, { field: "wasteItems[0].disposalOrRecoveryCodes" }],
      errors: [],
      ready: false,
    });
    const transferor = await api(server, `/api/transfer-notes/${note.id}/dwt`, { token: seller.token });
    expect(transferor.status).toBe(403);
    expect(transferor.json.message).toMatch(/transferee/);
    expect((await api(server, `/api/transfer-notes/${note.id}/dwt`, { token: stranger.token })).status).toBe(404);

    const download = await get(buyer, `/api/transfer-notes/${note.id}/dwt?download=1`);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${note.number}-dwt-receipt.json"`);
    expect(await download.json()).toEqual(receipt.json.data.receipt);
  });
});

describe("the pages", () => {
  it("show the register with its filters and totals, and the note to its parties", async () => {
    const register = await page(seller, "/app/transfer-notes?role=transferor");
    expect(register.status).toBe(200);
    expect(register.html).toContain(note.number);
    expect(register.html).not.toContain(later.number);
    expect(register.html).toContain("Totals by code");
    expect(register.html).toMatch(/<form[^>]*method="get"/);

    const sheet = await page(buyer, `/app/transfer-notes/${note.id}`);
    expect(sheet.status).toBe(200);
    for (const expected of [note.number, "Green Loop Haulage Ltd", "Second Life Plastics Ltd", "@page { size: A4"])
      expect(sheet.html).toContain(expected);
    expect(sheet.html).toContain(`/app/transfer-notes/${note.id}/dwt`);
    expect((await page(seller, `/app/transfer-notes/${note.id}`)).html).not.toContain(`/app/transfer-notes/${note.id}/dwt`);

    expect((await page(buyer, `/app/transfer-notes/${note.id}/dwt`)).html).toContain("wasteItems[0].containsPops");
  });

  it("are not found for anyone else, and the receipt's page for the transferor", async () => {
    expect((await page(stranger, `/app/transfer-notes/${note.id}`)).status).toBe(404);
    expect((await page(stranger, `/app/transfer-notes/${note.id}/dwt`)).status).toBe(404);
    expect((await page(seller, `/app/transfer-notes/${note.id}/dwt`)).status).toBe(404);
  });
});
