import type { Db } from "~/services/database/db.server";
import type { Material } from "~/vocabulary/materials";
import { setNoteLot } from "./store/notes.server";

/** What a feature above learns of a note as it is issued, inside the completing transaction. */
export type IssuedNote = {
  id: number;
  number: string;
  orderId: number;
  listingId: number;
  transferorId: number;
  transfereeId: number;
  material: Material;
  ewcCodes: string[];
  weightKg: number;
  transferredAt: Date;
};

/** A handler may answer the lot the note gave its transferee, which the note then names. */
type NoteIssuedHandler = (tx: Db, note: IssuedNote) => Promise<{ lotId: number } | void>;
const issuedHandlers = new Set<NoteIssuedHandler>();

/**
 * Registers, at start-up, what runs when a note is issued (the lots), so this feature needs to
 * know nothing of who listens. Runs in the completing transaction: a handler that throws rolls
 * the completion back. Answers the handler's removal (for tests).
 */
export function onTransferNoteIssued(handler: NoteIssuedHandler): () => void {
  issuedHandlers.add(handler);
  return () => issuedHandlers.delete(handler);
}

/** Tells every registered handler of a note just written, and records the lot one of them gave. */
export async function tellNoteIssued(tx: Db, note: IssuedNote) {
  for (const handler of issuedHandlers) {
    const answer = await handler(tx, note);
    if (answer) await setNoteLot(tx, note.id, answer.lotId);
  }
}

/** A correction that changes a note's weight, as a feature above learns of it before it stands. */
export type CorrectedWeight = { replacedNoteId: number; noteId: number; fromKg: number; toKg: number };

/** Answers why the weight cannot be corrected so (the correction is then refused whole), or nothing. */
type WeightCorrectedHandler = (tx: Db, corrected: CorrectedWeight) => Promise<string | void>;
const weightHandlers = new Set<WeightCorrectedHandler>();

/**
 * Registers, at start-up, what follows a corrected weight (the lot the note gave, and the lot its
 * load came from), in the correcting transaction. Answers the handler's removal (for tests).
 */
export function onNoteWeightCorrected(handler: WeightCorrectedHandler): () => void {
  weightHandlers.add(handler);
  return () => weightHandlers.delete(handler);
}

/** Tells every registered handler of a corrected weight; answers the first refusal. */
export async function tellWeightCorrected(tx: Db, corrected: CorrectedWeight): Promise<string | undefined> {
  for (const handler of weightHandlers) {
    const refusal = await handler(tx, corrected);
    if (refusal) return refusal;
  }
  return undefined;
}
