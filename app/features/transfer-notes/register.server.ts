import { findWasteCode } from "~/features/waste-codes/codes.server";
import type { NotePartyRole } from "../../../db/waste-values";
import { NOTES_PER_PAGE, type CodeTotal, type RegisterQuery } from "./schemas";
import { noteForParty } from "./store/notes.server";
import { notesOfPage, notesOfPageJson, registerPage, registerTotals, type RegisterBounds } from "./store/register.server";
import type { RegisterLine, TransferNoteView } from "./wire";

const DAY_MS = 86_400_000;

/** The filters' UTC days as the store's bounds: from the start of `from` to the end of `to`. */
export function registerBounds(
  memberId: number,
  filters: { role?: NotePartyRole | null; from?: string; to?: string },
): RegisterBounds {
  return {
    memberId,
    role: filters.role ?? null,
    from: filters.from ? Date.parse(`${filters.from}T00:00:00Z`) : 0,
    before: filters.to ? Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS : Number.MAX_SAFE_INTEGER,
  };
}

export type TransferNoteRegister = {
  notes: TransferNoteView[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
  totals: CodeTotal[];
};

/** A page's ids of the member's register, and the filtered register's pagination and totals by code. */
async function pageAndTotals(memberId: number, query: RegisterQuery) {
  const bounds = registerBounds(memberId, query);
  const ids = await registerPage(bounds, query.page, NOTES_PER_PAGE);
  const { notes: total, totals: summed } = await registerTotals(bounds);
  const totals: CodeTotal[] = summed.map((row) => ({
    code: row.code,
    description: findWasteCode(row.code)?.description ?? "",
    notes: row.notes,
    // Sums of kilograms to the gram, without a float's tail.
    weight_kg: Math.round(row.weightKg * 1000) / 1000,
  }));
  const pagination = { page: query.page, limit: NOTES_PER_PAGE, total, hasMore: query.page * NOTES_PER_PAGE < total };
  return { ids, pagination, totals };
}

/** A page of the member's register (newest transfer first) with the filtered register's totals by code. */
export async function transferNoteRegister(memberId: number, query: RegisterQuery): Promise<TransferNoteRegister> {
  const { ids, pagination, totals } = await pageAndTotals(memberId, query);
  return { notes: await notesOfPage(ids), pagination, totals };
}

/**
 * transferNoteRegister as the JSON text JSON.stringify writes of it, for GET /api/transfer-notes:
 * the notes' stored JSON is written into it as read, never parsed (notesOfPageJson).
 */
export async function transferNoteRegisterJson(memberId: number, query: RegisterQuery): Promise<string> {
  const { ids, pagination, totals } = await pageAndTotals(memberId, query);
  return `{"notes":${await notesOfPageJson(ids)},"pagination":${JSON.stringify(pagination)},"totals":${JSON.stringify(totals)}}`;
}

/** The note for one of its two parties; null for anyone else, as for a note that does not exist. */
export async function transferNoteFor(memberId: number, noteId: number) {
  return noteForParty(memberId, noteId);
}

/** The register page's lines: the page sends only what it shows, so a long register's page stays light. */
export function registerLines(memberId: number, notes: TransferNoteView[]): RegisterLine[] {
  return notes.map((note) => {
    const handedOver = note.transferor.member_id === memberId;
    return {
      id: note.id,
      number: note.number,
      transferred_at: note.transferred_at,
      handed_over: handedOver,
      other_party: (handedOver ? note.transferee : note.transferor).legal_name,
      codes: note.waste.ewc_codes.map((entry) => entry.code),
      description: note.waste.description,
      weight_kg: note.waste.weight_kg,
      replaced_by: note.replaced_by?.number ?? null,
    };
  });
}
