import { asc, eq, or } from "drizzle-orm";
import { transferNotes } from "../../../../db/schema";
import type { TransferNoteView } from "../wire";
import { noteView, notesWithLinks } from "./notes.server";

/**
 * The transfer notes in a member's export: every note they are a party to, whole, oldest first,
 * in one query. (A query a note, awaited one after another, held a SQLite server for seconds for
 * a member with 20,000 notes: each answer is ready at once, so the loop never let a request in.)
 */
export async function exportedTransferNotes(memberId: number): Promise<TransferNoteView[]> {
  const rows = await notesWithLinks()
    .where(or(eq(transferNotes.transferorId, memberId), eq(transferNotes.transfereeId, memberId)))
    .orderBy(asc(transferNotes.id))
    .all();
  // One row a note: a note is replaced at most once (transfer_notes_replaces_idx is unique).
  return rows.map((row) => noteView(row.note, row.replaces, row.replacedBy));
}
