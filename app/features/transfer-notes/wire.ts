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

/** The UK digital waste tracking service's receipt (its ReceiveMovementRequest, less apiCode): the fields a note can fill. */
export type DwtWeight = { metric: string; amount: number; isEstimate: boolean };

/** The fields a receipt may hold (a subset of the service's: the ones a transfer note can fill). */
export type DwtReceipt = {
  dateTimeReceived?: string;
  hazardousWasteConsignmentCode?: string | null;
  reasonForNoConsignmentCode?: string;
  yourUniqueReference?: string;
  otherReferencesForMovement?: { label: string; reference: string }[];
  wasteItems?: {
    ewcCodes?: string[];
    wasteDescription?: string;
    physicalForm?: string;
    numberOfContainers?: number;
    typeOfContainers?: string;
    weight?: Partial<DwtWeight>;
    containsPops?: boolean;
    pops?: { sourceOfComponents?: string; components?: { code: string; concentration?: number | null }[] } | null;
    containsHazardous?: boolean;
    hazardous?: {
      sourceOfComponents?: string;
      hazCodes?: string[];
      components?: { name: string; concentration?: number | null }[];
    } | null;
    disposalOrRecoveryCodes?: { code?: string; weight?: Partial<DwtWeight> }[];
  }[];
  carrier?: {
    registrationNumber?: string | null;
    reasonForNoRegistrationNumber?: string;
    organisationName?: string;
    address?: { fullAddress?: string; postcode?: string };
    vehicleRegistration?: string;
    meansOfTransport?: string;
  };
  receiver?: { siteName?: string; authorisationNumber?: string; emailAddress?: string };
  receipt?: { address?: { fullAddress?: string; postcode?: string } };
};

/** One refusal, as the service reports it: the field's path, the kind of error and a sentence. */
export type DwtError = {
  key: string;
  /** One of the service's validationErrorTypes (dwt-enums.json). */
  errorType:
    "NotProvided" | "NotAllowed" | "InvalidType" | "InvalidFormat" | "InvalidValue" | "OutOfRange" | "BusinessRuleViolation";
  message: string;
};

/** A field the service asks for that the note does not hold, and why; `required` ones stop the receipt being sent. */
export type MissingField = { field: string; why: string; required: boolean };
/** GET /api/transfer-notes/:id/dwt's answer: the receipt, what it lacks, what the rules refuse in it, and whether it may be sent. */
export type DwtReceiptAnswer = { receipt: DwtReceipt; missing: MissingField[]; errors: DwtError[]; ready: boolean };

/** A note as a line of the register page: what it lists, not the whole note. */
export type RegisterLine = {
  id: number;
  number: string;
  transferred_at: string;
  handed_over: boolean;
  other_party: string;
  codes: string[];
  description: string;
  weight_kg: number;
  replaced_by: string | null;
};
