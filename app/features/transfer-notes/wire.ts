import type { NoteParty, NoteSignature, NoteWaste, TransferCarrier } from "../../../db/waste-values";

export type { NoteParty, NoteSignature, NoteWaste, TransferCarrier };

/** The note an order issued, as the order's answer and page link it; null before completion and for non-waste orders. */
export type OrderNoteRef = { id: number; number: string } | null;

/** A transfer note as its parties read it (GET /api/transfer-notes/:id, its page, its PDF). */
export type TransferNoteView = {
  id: number;
  /** CH-YYYY-NNNNNN. */
  number: string;
  /** Null once the order is gone; the note stays. */
  order_id: number | null;
  issued_at: string;
  transferred_at: string;
  place: string;
  transferor: NoteParty;
  transferee: NoteParty;
  carrier: TransferCarrier;
  waste: NoteWaste;
  hierarchy_declaration: boolean;
  signatures: NoteSignature[];
  retain_until: string;
  lot_id: number | null;
  /** The note this one corrects, and the note that corrected this one. */
  replaces: { id: number; number: string } | null;
  replaced_by: { id: number; number: string } | null;
};

/** What issuing a note writes: everything but what the store gives it (id, number, the links between corrections). */
export type TransferNoteDraft = {
  orderId: number | null;
  transferorId: number;
  transfereeId: number;
  issuedAt: Date;
  transferredAt: Date;
  place: string;
  transferor: NoteParty;
  transferee: NoteParty;
  carrier: TransferCarrier;
  waste: NoteWaste;
  hierarchyDeclaration: boolean;
  signatures: NoteSignature[];
  retainUntil: Date;
  replacesNoteId: number | null;
};
