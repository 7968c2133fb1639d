import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { transferNoteCodes, transferNotes, users } from "../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { addMember } from "../../../tests/support/unit-factories";
import { retainUntil } from "./issue.server";
import { sweepExpiredTransferNotes } from "./retention.server";
import { insertTransferNote, noteForParty } from "./store/notes.server";
import type { NoteParty } from "./wire";

/** Transfer notes as stored: who reads them, and their retention, on the unit tests' own database. */

const party = (memberId: number, name: string): NoteParty => ({
  member_id: memberId,
  member_name: name,
  legal_name: `${name} Ltd`,
  address: "1 Quay Street, Leeds",
  postcode: "LS1 1AA",
  country: "GB",
  sic_code: "38110",
  roles: ["producer"],
  carrier_registration: null,
  permit_number: null,
  exemption_reference: null,
  site_name: null,
});

/** A note of a transfer at `transferredAt`, kept as the law asks (two years on). */
async function addNote(transferredAt: Date) {
  const transferor = await addMember("Sweep Transferor");
  const transferee = await addMember("Sweep Transferee");
  const note = await insertTransferNote(getDb(), {
    orderId: null,
    transferorId: transferor.id,
    transfereeId: transferee.id,
    issuedAt: transferredAt,
    transferredAt,
    place: "Yard 3, Leeds",
    transferor: party(transferor.id, "Sweep Transferor"),
    transferee: party(transferee.id, "Sweep Transferee"),
    carrier: {
      name: "Sweep Haulage",
      registration_number: "CBDU123456",
      reason_for_no_registration: null,
      means_of_transport: "Road",
      vehicle_registration: null,
    },
    waste: {
      ewc_codes: [{ code: "150101", description: "paper and cardboard packaging" }],
      description: "Baled cardboard",
      physical_form: "Solid",
      container_type: "BAL",
      containers: 4,
      quantity: 2,
      unit: "t",
      weight_kg: 2000,
      weight_is_estimate: false,
    },
    hierarchyDeclaration: true,
    signatures: [],
    retainUntil: retainUntil(transferredAt),
    replacesNoteId: null,
  });
  return { ...note, transferorId: transferor.id, transfereeId: transferee.id };
}

const stored = async (ids: number[]) =>
  (await getDb().select({ id: transferNotes.id }).from(transferNotes).where(inArray(transferNotes.id, ids)).all()).map(
    (row) => row.id,
  );

afterEach(() => vi.restoreAllMocks());

describe("sweepExpiredTransferNotes", () => {
  it("removes the notes two years past their transfer, with their codes, and says how many in the log", async () => {
    const now = new Date(Date.UTC(2026, 10, 27, 12));
    const expired = await addNote(new Date(Date.UTC(2024, 10, 27, 11)));
    const kept = await addNote(new Date(Date.UTC(2024, 10, 27, 13)));
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});

    expect(await sweepExpiredTransferNotes(now)).toBe(1);
    expect(await stored([expired.id, kept.id])).toEqual([kept.id]);
    expect(await getDb().select().from(transferNoteCodes).where(eq(transferNoteCodes.noteId, expired.id)).all()).toEqual([]);
    expect(logged.mock.calls.map(([line]) => line)).toContain("Removed 1 transfer note past their retention");
  });

  it("says nothing when no note is due", async () => {
    const note = await addNote(new Date(Date.UTC(2026, 0, 1)));
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await sweepExpiredTransferNotes(new Date(Date.UTC(2026, 10, 27)))).toBe(0);
    expect(await stored([note.id])).toEqual([note.id]);
    expect(logged.mock.calls.flat().join("\n")).not.toContain("transfer note");
  });
});

describe("noteForParty", () => {
  it("opens a note to its two parties only, and to neither by the id of an account since deleted", async () => {
    const note = await addNote(new Date(Date.UTC(2026, 5, 1)));
    const stranger = await addMember("Sweep Stranger");
    expect((await noteForParty(note.transferorId, note.id))?.number).toBe(note.number);
    expect((await noteForParty(note.transfereeId, note.id))?.number).toBe(note.number);
    expect(await noteForParty(stranger.id, note.id)).toBeNull();

    await getDb().update(users).set({ deletedAt: new Date() }).where(eq(users.id, note.transferorId)).run();
    expect(await noteForParty(note.transferorId, note.id)).toBeNull();
    expect(await noteForParty(note.transfereeId, note.id)).toMatchObject({
      number: note.number,
      transferor: { member_id: note.transferorId, member_name: "Sweep Transferor" },
    });
  });
});
