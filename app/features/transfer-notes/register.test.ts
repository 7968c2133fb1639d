import { describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv";
import { statement } from "~/services/database/db.server";
import { addMember, addTransferNote } from "../../../tests/support/unit-factories";
import { REGISTER_COLUMNS, registerCsv } from "./export.server";
import { registerBounds, transferNoteRegister, transferNoteRegisterJson } from "./register.server";
import { sweepExpiredTransferNotes } from "./retention.server";
import { registerQuerySchema } from "./schemas";
import { REGISTER_QUERIES, registerRows } from "./store/register.server";

const query = (params: Record<string, string> = {}) => registerQuerySchema.parse(params);
const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("a member's register of transfer notes", async () => {
  const [trader, buyer, supplier, stranger] = ["RegTrader", "RegBuyer", "RegSupplier", "RegStranger"].map(addMember);
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  // The trader hands waste over twice and receives it once; late on 31 March counts in March (UTC days).
  const march = await addTransferNote({
    transferorId: (await trader!).id,
    transfereeId: (await buyer!).id,
    transferredAt: at("2026-03-02"),
  });
  const lateMarch = await addTransferNote({
    transferorId: (await trader!).id,
    transfereeId: (await buyer!).id,
    transferredAt: new Date("2026-03-31T23:59:59Z"),
    waste: {
      ewc_codes: [
        { code: "150106", description: "mixed packaging" },
        { code: "150102", description: "plastic packaging" },
      ],
      weight_kg: 30.5,
    },
  });
  const april = await addTransferNote({
    transferorId: (await supplier!).id,
    transfereeId: (await trader!).id,
    transferredAt: at("2026-04-01"),
    waste: { ewc_codes: [{ code: "150102", description: "plastic packaging" }], weight_kg: 80 },
  });

  it("lists both parts newest first, or one part, within UTC days", async () => {
    const numbers = async (params: Record<string, string>) =>
      (await transferNoteRegister((await trader!).id, query(params))).notes.map((note) => note.number);
    expect(await numbers({})).toEqual([april.number, lateMarch.number, march.number]);
    expect(await numbers({ role: "transferor" })).toEqual([lateMarch.number, march.number]);
    expect(await numbers({ role: "transferee" })).toEqual([april.number]);
    expect(await numbers({ from: "2026-03-31", to: "2026-03-31" })).toEqual([lateMarch.number]);
    expect(await numbers({ from: "2026-04-01" })).toEqual([april.number]);
    expect((await transferNoteRegister((await stranger!).id, query())).pagination.total).toBe(0);
  });

  it("totals the filtered notes by code, a note of several codes under each", async () => {
    const all = await transferNoteRegister((await trader!).id, query());
    expect(all.pagination).toEqual({ page: 1, limit: 25, total: 3, hasMore: false });
    expect(all.totals).toEqual([
      { code: "150102", description: "plastic packaging", notes: 2, weight_kg: 110.5 },
      { code: "150106", description: "mixed packaging", notes: 2, weight_kg: 150.5 },
    ]);
    expect((await transferNoteRegister((await trader!).id, query({ role: "transferee" }))).totals).toEqual([
      { code: "150102", description: "plastic packaging", notes: 1, weight_kg: 80 },
    ]);
  });

  it("counts a corrected load once in the totals, by its correction, and lists both notes", async () => {
    const [giver, taker] = [addMember("RegGiver"), addMember("RegTaker")];
    const original = await addTransferNote({ transferorId: (await giver).id, transfereeId: (await taker).id });
    const correction = await addTransferNote({
      transferorId: (await giver).id,
      transfereeId: (await taker).id,
      replacesNoteId: original.id,
      waste: { weight_kg: 95 },
    });
    const register = await transferNoteRegister((await taker).id, query());
    expect(register.notes.map((note) => [note.number, note.replaced_by?.number ?? null])).toEqual([
      [correction.number, null],
      [original.number, correction.number],
    ]);
    expect(register.totals).toEqual([{ code: "150106", description: "mixed packaging", notes: 1, weight_kg: 95 }]);
    // Totals summed before are summed again once a note is added.
    await addTransferNote({ transferorId: (await giver).id, transfereeId: (await taker).id, waste: { weight_kg: 5 } });
    expect((await transferNoteRegister((await taker).id, query())).totals).toEqual([
      { code: "150106", description: "mixed packaging", notes: 2, weight_kg: 100 },
    ]);
  });

  it("sums its totals again once the sweep removed a note past its retention", async () => {
    const [giver, taker] = [await addMember("RegSweptGiver"), await addMember("RegSweptTaker")];
    const parties = { transferorId: giver.id, transfereeId: taker.id };
    // Transferred three years ago: its two years of retention are over.
    await addTransferNote({ ...parties, transferredAt: new Date(Date.now() - 3 * 365 * 86_400_000), waste: { weight_kg: 7 } });
    await addTransferNote({ ...parties, waste: { weight_kg: 3 } });
    const before = await transferNoteRegister(taker.id, query());
    expect([before.pagination.total, before.totals]).toEqual([
      2,
      [{ code: "150106", description: "mixed packaging", notes: 2, weight_kg: 10 }],
    ]);
    expect(await sweepExpiredTransferNotes()).toBeGreaterThanOrEqual(1);
    const after = await transferNoteRegister(taker.id, query());
    expect([after.pagination.total, after.totals]).toEqual([
      1,
      [{ code: "150106", description: "mixed packaging", notes: 1, weight_kg: 3 }],
    ]);
  });

  it("writes the API's JSON text as JSON.stringify writes the register, byte for byte", async () => {
    const [giver, taker] = [addMember("RegJsonGiver"), addMember("RegJsonTaker")];
    const original = await addTransferNote({
      transferorId: (await giver).id,
      transfereeId: (await taker).id,
      place: 'Yard "B" \\ gate\u2028 — Łódź 🚛',
      transferor: { legal_name: 'O\'Brien "Loop" Ltd\n\u0007' },
      waste: { description: "Tabs\tand </script> and \ud800 alone", weight_kg: 12.345 },
    });
    await addTransferNote({ transferorId: (await giver).id, transfereeId: (await taker).id, replacesNoteId: original.id });
    await statement("UPDATE transfer_notes SET lot_id = 7 WHERE id = ?").run(original.id);
    for (const params of [{}, { role: "transferee" }, { page: "2" }] as Record<string, string>[]) {
      const text = await transferNoteRegisterJson((await taker).id, query(params));
      expect(text).toBe(JSON.stringify(await transferNoteRegister((await taker).id, query(params))));
    }
    const notes = JSON.parse(await transferNoteRegisterJson((await taker).id, query())).notes;
    expect(notes.map((note: { lot_id: number | null; order_id: number | null }) => [note.lot_id, note.order_id])).toEqual([
      [null, null],
      [7, null],
    ]);
  });

  it("pages past the first 25, each page in order", async () => {
    const many = await addMember("RegMany");
    for (let day = 1; day <= 27; day++)
      await addTransferNote({
        transferorId: many.id,
        transfereeId: (await buyer!).id,
        transferredAt: at(`2026-05-${String(day).padStart(2, "0")}`),
      });
    const first = await transferNoteRegister(many.id, query());
    const second = await transferNoteRegister(many.id, query({ page: "2" }));
    expect(first.notes).toHaveLength(25);
    expect(first.pagination.hasMore).toBe(true);
    expect(second.notes.map((note) => note.transferred_at)).toEqual(["2026-05-02T12:00:00.000Z", "2026-05-01T12:00:00.000Z"]);
    // The CSV reads the same notes a piece at a time, oldest first, none twice.
    const rows: number[] = [];
    const next = registerRows(registerBounds(many.id, {}), 10);
    for (let piece = await next(); piece.length; piece = await next()) rows.push(...piece.map((row) => row.transferredAt));
    expect(rows).toHaveLength(27);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it("reads every query from the parties' indexes, never a scan of all notes", async () => {
    const plans = [
      ...[null, "transferor", "transferee"].flatMap((role) => Object.values(REGISTER_QUERIES).map((sql) => sql(role as null))),
    ].map(async (sql) =>
      (
        (await statement(`EXPLAIN QUERY PLAN ${sql}`).all({ member: 1, from: 0, before: 1, end: 1, limit: 1, offset: 0 })) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join("; "),
    );
    for (const plan of plans) {
      expect(await plan).toMatch(/transfer_notes_transfer(or|ee)_idx/);
      expect(await plan).not.toMatch(/SCAN transfer_notes(?! USING)/);
    }
  });
});

describe("the register as CSV", () => {
  it("writes a header, one row a note, and defuses text a spreadsheet would run", async () => {
    const [seller, receiver] = [addMember("CsvSeller"), addMember("CsvReceiver")];
    const note = await addTransferNote({
      transferorId: (await seller).id,
      transfereeId: (await receiver).id,
      waste: { description: '=HYPERLINK("http://evil.example","click")' },
      transferor: { legal_name: "Smith, Jones & Co" },
    });
    await addTransferNote({
      transferorId: (await receiver).id,
      transfereeId: (await seller).id,
      transferredAt: new Date("2026-06-01T08:00:00Z"),
    });
    const text = await read(registerCsv((await seller).id, {}));
    expect(text.split("\r\n")[0]).toBe(REGISTER_COLUMNS.join(","));
    const rows = readCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      number: note.number,
      your_role: "transferor",
      transferor: "Smith, Jones & Co",
      waste_description: `'=HYPERLINK("http://evil.example","click")`,
      ewc_codes: "150106",
      weight_kg: "120",
    });
    expect(rows[1]!.your_role).toBe("transferee");
    expect(readCsv(await read(registerCsv((await seller).id, { from: "2026-05-01" })))).toHaveLength(1);
  });
});
