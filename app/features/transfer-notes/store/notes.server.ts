import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { transferNoteCodes, transferNoteNumbers, transferNoteRegisters, transferNotes, users } from "../../../../db/schema";
import { getDb, transaction, type Db, changedRows, keptQuery } from "~/services/database/db.server";
import type { TransferNoteDraft, TransferNoteView } from "../wire";

/** Transfer notes as stored: written once each, read only by their two parties. */

/** CH-YYYY-NNNNNN: the year it was issued and its place in that year's count. */
export function noteNumber(year: number, count: number) {
  return `CH-${year}-${String(count).padStart(6, "0")}`;
}

/**
 * The next number of the year, counted in its own table inside the caller's transaction: a
 * number is never issued twice, even once the note that had it was swept.
 */
async function takeNoteNumber(tx: Db, year: number) {
  const row = await tx
    .insert(transferNoteNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: transferNoteNumbers.year, set: { last: sql`${transferNoteNumbers.last} + 1` } })
    .returning({ last: transferNoteNumbers.last })
    .get();
  return noteNumber(year, row.last);
}

/**
 * Writes a note in the caller's transaction (the one that completes its order) with the next
 * number of its year; answers its id and number. A second original note for the same order is
 * refused by the database's unique index, so the caller's transaction fails rather than issue two.
 */
export async function insertTransferNote(tx: Db, draft: TransferNoteDraft): Promise<{ id: number; number: string }> {
  const number = await takeNoteNumber(tx, draft.issuedAt.getUTCFullYear());
  const row = await tx
    .insert(transferNotes)
    .values({ ...draft, number, weightKg: draft.waste.weight_kg })
    .returning({ id: transferNotes.id })
    .get();
  await registersChanged(tx, [draft.transferorId, draft.transfereeId]);
  const codes = [...new Set(draft.waste.ewc_codes.map((entry) => entry.code))];
  if (codes.length > 0)
    await tx
      .insert(transferNoteCodes)
      .values(codes.map((code) => ({ noteId: row.id, code })))
      .run();
  return { id: row.id, number };
}

const replaced = alias(transferNotes, "replaced");
const replacing = alias(transferNotes, "replacing");

/** Notes with the note each corrects and the note that corrected each: the caller adds its where. */
export function notesWithLinks(db: Db = getDb()) {
  return db
    .select({
      note: transferNotes,
      replaces: { id: replaced.id, number: replaced.number },
      replacedBy: { id: replacing.id, number: replacing.number },
    })
    .from(transferNotes)
    .leftJoin(replaced, eq(replaced.id, transferNotes.replacesNoteId))
    .leftJoin(replacing, eq(replacing.replacesNoteId, transferNotes.id));
}

/** A stored note as its parties read it, with the notes it replaces and that replaced it. */
export function noteView(
  row: typeof transferNotes.$inferSelect,
  replaces: { id: number | null; number: string | null } | null,
  replacedBy: { id: number | null; number: string | null } | null,
): TransferNoteView {
  return {
    id: row.id,
    number: row.number,
    order_id: row.orderId,
    issued_at: row.issuedAt.toISOString(),
    transferred_at: row.transferredAt.toISOString(),
    place: row.place,
    transferor: row.transferor,
    transferee: row.transferee,
    carrier: row.carrier,
    waste: row.waste,
    hierarchy_declaration: row.hierarchyDeclaration,
    signatures: row.signatures,
    retain_until: row.retainUntil.toISOString(),
    lot_id: row.lotId,
    replaces: replaces?.id ? { id: replaces.id, number: replaces.number! } : null,
    replaced_by: replacedBy?.id ? { id: replacedBy.id, number: replacedBy.number! } : null,
  };
}

/**
 * The note, for one of its two parties; null when it is missing or not theirs, alike. A party who
 * deleted their account reads nothing by their old id: the note is kept for the other party and
 * the record, naming them as they were.
 */
export async function noteForParty(memberId: number, noteId: number, db: Db = getDb()): Promise<TransferNoteView | null> {
  const row = await notesWithLinks(db)
    .where(
      and(
        eq(transferNotes.id, noteId),
        or(eq(transferNotes.transferorId, memberId), eq(transferNotes.transfereeId, memberId)),
        sql`exists (select 1 from ${users} where ${users.id} = ${memberId} and ${users.deletedAt} is null)`,
      ),
    )
    .get();
  return row ? noteView(row.note, row.replaces, row.replacedBy) : null;
}

/** The original note an order issued, as its id and number; null before completion and for non-waste orders. */
export async function noteOfOrder(orderId: number, db: Db = getDb()): Promise<{ id: number; number: string } | null> {
  // Kept: the order's answer and page read it on every request.
  const query = keptQuery(db, "transfer-notes.ofOrder", (handle) =>
    handle
      .select({ id: transferNotes.id, number: transferNotes.number })
      .from(transferNotes)
      .where(and(eq(transferNotes.orderId, sql.placeholder("orderId")), sql`${transferNotes.replacesNoteId} is null`))
      .prepare(),
  );
  return (await query.get({ orderId })) ?? null;
}

/**
 * Names the lot the note gave its transferee, in the transaction that issued it: the one write
 * a note takes after it is inserted, before anyone can read it.
 */
export async function setNoteLot(tx: Db, noteId: number, lotId: number) {
  await tx.update(transferNotes).set({ lotId }).where(eq(transferNotes.id, noteId)).run();
}

/**
 * Deletes up to `batch` notes whose retention ended before `now` (their codes go with them);
 * answers how many. Their numbers stay taken in transfer_note_numbers.
 */
export async function deleteExpiredNotes(now: Date, batch: number, db: Db = getDb()): Promise<number> {
  return transaction(async (tx) => {
    const expired = await tx
      .select({ id: transferNotes.id, transferorId: transferNotes.transferorId, transfereeId: transferNotes.transfereeId })
      .from(transferNotes)
      .where(lt(transferNotes.retainUntil, now))
      .limit(batch)
      .all();
    if (!expired.length) return 0;
    await registersChanged(
      tx,
      expired.flatMap((note) => [note.transferorId, note.transfereeId]),
    );
    return changedRows(
      await tx
        .delete(transferNotes)
        .where(
          inArray(
            transferNotes.id,
            expired.map((note) => note.id),
          ),
        )
        .run(),
    );
  }, db);
}

/**
 * Counts one more change of each member's register, in the caller's transaction (the one that
 * issues or sweeps their notes): the register's kept totals are summed again (registerTotals).
 */
async function registersChanged(tx: Db, memberIds: number[]) {
  const members = [...new Set(memberIds)];
  if (!members.length) return;
  await tx
    .insert(transferNoteRegisters)
    .values(members.map((memberId) => ({ memberId, changes: 1 })))
    .onConflictDoUpdate({ target: transferNoteRegisters.memberId, set: { changes: sql`${transferNoteRegisters.changes} + 1` } })
    .run();
}
