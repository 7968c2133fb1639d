import type { Viewer } from "~/services/access.server";
import { transaction } from "~/services/database/db.server";
import { invalidInput, refuse, type FormFailure } from "~/lib/forms";
import { carrierOf } from "~/features/exchange/transfer-details";
import {
  CARRIER_FIELDS,
  correctionFromForm,
  noteCorrectionSchema,
  type CorrectableNote,
  type NoteCorrection,
} from "./corrections";
import { NO_SUCH_NOTE } from "./schemas";
import { tellOfNote } from "./issue.server";
import { tellWeightCorrected } from "./issued.server";
import { insertTransferNote, noteForParty, setNoteLot } from "./store/notes.server";
import { memberNamesOf } from "./store/parties.server";
import type { TransferNoteView } from "./wire";
import type { NotePartyRole } from "../../../db/waste-values";

/**
 * Correcting a transfer note (docs/decisions/040-correcting-transfer-notes.md). A note never
 * changes: a correction is a new note with a new number that names the note it replaces, which
 * stays as it was and reads as replaced. It is issued at once, signed by the party who corrects it
 * now; the other party's signature is the one they gave the transfer (its time says so), and they
 * are told, so they may read it and correct it in turn. Only the newest note of a transfer can be
 * corrected, so the chain never forks.
 */

export type CorrectionOutcome =
  { ok: true; note: TransferNoteView } | FormFailure<{ message: string; reason: "not-found" | "conflict" | "invalid" }>;

/** Rolls a correction back whole when the lots cannot follow its weight. */
class WeightRefused extends Error {}

export async function correctNote(viewer: Viewer, noteId: number, correction: NoteCorrection): Promise<CorrectionOutcome> {
  try {
    return await correctInTransaction(viewer, noteId, correction);
  } catch (error) {
    if (error instanceof WeightRefused) return refuse("conflict", error.message);
    throw error;
  }
}

/** The note's correctable fields for its correction form; null when it is not the member's to see. */
export async function correctableNote(
  viewer: Viewer,
  noteId: number,
): Promise<{ number: string; replacedBy: { id: number; number: string } | null; fields: CorrectableNote } | null> {
  const note = await noteForParty(viewer.id, noteId);
  if (!note) return null;
  return {
    number: note.number,
    replacedBy: note.replaced_by,
    fields: {
      place: note.place,
      description: note.waste.description,
      weight_kg: note.waste.weight_kg,
      weight_is_estimate: note.waste.weight_is_estimate,
      carrier: note.carrier,
    },
  };
}

/**
 * A correction sent from the note's correction form: the fields the member changed, checked by the
 * same schema as the API's, then issued as correctNote does.
 */
export async function correctNoteFromForm(
  viewer: Viewer,
  noteId: number,
  fields: Record<string, unknown>,
): Promise<CorrectionOutcome | FormFailure> {
  const current = await correctableNote(viewer, noteId);
  if (!current) return refuse("not-found", NO_SUCH_NOTE);
  const parsed = noteCorrectionSchema.safeParse(correctionFromForm(current.fields, fields));
  if (!parsed.success) return invalidInput(parsed.error);
  return correctNote(viewer, noteId, parsed.data);
}

const NOTHING_CORRECTED = "The correction changes nothing: the note already says that.";

/** Whether every field a correction names already reads so on the note: a new number for the same note helps nobody. */
function changesNothing(note: TransferNoteView, correction: NoteCorrection) {
  const carrier = correction.carrier && carrierOf(correction.carrier);
  return (
    (correction.place === undefined || correction.place === note.place) &&
    (correction.waste === undefined || correction.waste.description === note.waste.description) &&
    (correction.weight_kg === undefined || correction.weight_kg === note.waste.weight_kg) &&
    (correction.weight_is_estimate === undefined || correction.weight_is_estimate === note.waste.weight_is_estimate) &&
    (carrier === undefined || CARRIER_FIELDS.every((key) => (carrier[key] ?? null) === (note.carrier[key] ?? null)))
  );
}

function correctInTransaction(viewer: Viewer, noteId: number, correction: NoteCorrection): Promise<CorrectionOutcome> {
  return transaction(async (tx) => {
    const note = await noteForParty(viewer.id, noteId, tx);
    if (!note) return refuse("not-found", NO_SUCH_NOTE);
    if (note.replaced_by)
      return refuse(
        "conflict",
        `This note was already corrected by ${note.replaced_by.number}: correct the newest note (${note.replaced_by.number}) instead.`,
      );
    if (changesNothing(note, correction)) return refuse("invalid", NOTHING_CORRECTED, { form: NOTHING_CORRECTED });
    const party: NotePartyRole = note.transferor.member_id === viewer.id ? "transferor" : "transferee";
    const otherId = party === "transferor" ? note.transferee.member_id : note.transferor.member_id;
    const now = new Date();
    const name = (await memberNamesOf(tx, [viewer.id])).get(viewer.id) ?? "";
    const weightKg = correction.weight_kg ?? note.waste.weight_kg;
    const kept = note.signatures.find((signature) => signature.party !== party);
    const issued = await insertTransferNote(tx, {
      orderId: note.order_id,
      transferorId: note.transferor.member_id,
      transfereeId: note.transferee.member_id,
      issuedAt: now,
      transferredAt: new Date(note.transferred_at),
      place: correction.place ?? note.place,
      transferor: note.transferor,
      transferee: note.transferee,
      carrier: correction.carrier ? carrierOf(correction.carrier) : note.carrier,
      waste: {
        ...note.waste,
        description: correction.waste?.description ?? note.waste.description,
        weight_kg: weightKg,
        weight_is_estimate: correction.weight_is_estimate ?? note.waste.weight_is_estimate,
      },
      hierarchyDeclaration: note.hierarchy_declaration,
      signatures: [{ party, name, at: now.toISOString() }, ...(kept ? [kept] : [])].sort((a, b) =>
        a.party === "transferor" ? -1 : b.party === "transferor" ? 1 : 0,
      ),
      // The retention runs from the transfer, which the correction does not move.
      retainUntil: new Date(note.retain_until),
      replacesNoteId: note.id,
    });
    // The new note stands for the same transfer: it names the lot the transfer gave.
    if (note.lot_id !== null) await setNoteLot(tx, issued.id, note.lot_id);
    // The lot the note gave (and the one its load came from) weighs what the note says, or the correction is refused.
    if (weightKg !== note.waste.weight_kg) {
      const refusal = await tellWeightCorrected(tx, {
        replacedNoteId: note.id,
        noteId: issued.id,
        fromKg: note.waste.weight_kg,
        toKg: weightKg,
      });
      if (refusal) throw new WeightRefused(refusal);
    }
    // The corrector knows; the other party is told of the note that now stands for their transfer.
    await tellOfNote(tx, issued, { recipientId: otherId, actorId: viewer.id });
    return { ok: true as const, note: (await noteForParty(viewer.id, issued.id, tx))! };
  });
}
