/**
 * The closed sets of values a waste listing and a transfer note hold, as the UK's digital waste
 * tracking service spells them (app/content/waste/dwt-enums.json, case-sensitive: "Inland
 * Waterway" has a space). The database checks each; app/features/waste-codes/vocabulary.ts gives
 * them their labels. Plain values and types only, so the browser may import them; the JSON
 * columns' shapes are here for the same reason.
 */

export const PHYSICAL_FORMS = ["Solid", "Liquid", "Sludge", "Powder", "Gas", "Mixed"] as const;
export type PhysicalForm = (typeof PHYSICAL_FORMS)[number];

export const CONTAINER_TYPES = [
  "BAG",
  "BAL",
  "BOX",
  "CAN",
  "CAR",
  "CAS",
  "CON",
  "DRU",
  "FIB",
  "IBC",
  "LOO",
  "PAL",
  "ROR",
  "SKI",
  "TAN",
  "WBI",
] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const MEANS_OF_TRANSPORT = ["Road", "Rail", "Air", "Sea", "Inland Waterway", "Piped", "Other"] as const;
export type MeansOfTransport = (typeof MEANS_OF_TRANSPORT)[number];

/** Why a carrier has no waste carrier registration number. */
export const REASONS_FOR_NO_REGISTRATION = ["ON_SITE", "HOUSEHOLD", "ONE_OFF", "MARINE"] as const;
export type ReasonForNoRegistration = (typeof REASONS_FOR_NO_REGISTRATION)[number];

/** A waste listing names one to five codes of the List of Waste. */
export const MAX_WASTE_CODES = 5;

/** The duty of care keeps a transfer note two years after the transfer. */
export const TRANSFER_NOTE_RETENTION_YEARS = 2;

/** The parties a note names: the transferor hands the waste over (the order's seller), the transferee takes it (the buyer). */
export const NOTE_PARTIES = ["transferor", "transferee"] as const;
export type NotePartyRole = (typeof NOTE_PARTIES)[number];

/** What the parties of a waste order gave for its transfer note on confirming completion. */
export type OrderTransferDetails = {
  weight_is_estimate?: boolean;
  hierarchy_declaration?: true;
  place?: string;
  carrier?: TransferCarrier;
};

/** Who carried the waste, as a transfer note and the digital waste tracking service name them. */
export type TransferCarrier = {
  name: string;
  registration_number: string | null;
  reason_for_no_registration: string | null;
  means_of_transport: string;
  vehicle_registration: string | null;
};

/** A party's business as it was at the transfer (the organisation's fields, and who they were). */
export type NoteParty = {
  member_id: number;
  /** The member's name at the transfer: the signatures name them. */
  member_name: string;
  legal_name: string;
  address: string;
  postcode: string;
  country: string;
  sic_code: string;
  roles: string[];
  carrier_registration: string | null;
  permit_number: string | null;
  exemption_reference: string | null;
  site_name: string | null;
};

/** What changed hands, as the note describes it. */
export type NoteWaste = {
  ewc_codes: { code: string; description: string }[];
  description: string;
  physical_form: string;
  container_type: string;
  containers: number;
  quantity: number;
  unit: string;
  weight_kg: number;
  weight_is_estimate: boolean;
};

/** A party's electronic signature: their confirmation of completion, with their name and time. */
export type NoteSignature = { party: NotePartyRole; name: string; at: string };

/** The recovery (R1–R13) and disposal (D1–D15) operations a holder records on a lot. */
export const OPERATION_CODES = [
  "R1",
  "R2",
  "R3",
  "R4",
  "R5",
  "R6",
  "R7",
  "R8",
  "R9",
  "R10",
  "R11",
  "R12",
  "R13",
  "D1",
  "D2",
  "D3",
  "D4",
  "D5",
  "D6",
  "D7",
  "D8",
  "D9",
  "D10",
  "D11",
  "D12",
  "D13",
  "D14",
  "D15",
] as const;
export type OperationCode = (typeof OPERATION_CODES)[number];

/** The interim operations: they store, exchange or repackage waste, so they fix no fate. Every other code is final. */
export const INTERIM_OPERATIONS: readonly OperationCode[] = ["R12", "R13", "D13", "D14", "D15"];

/** Open while weight is left; closed once operations or onward hand-overs took all of it. */
export const LOT_STATES = ["open", "closed"] as const;
export type LotState = (typeof LOT_STATES)[number];
