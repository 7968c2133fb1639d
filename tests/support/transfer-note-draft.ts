import type { TransferNoteDraft } from "~/features/transfer-notes/wire";
import type { NoteParty, NoteWaste, TransferCarrier } from "../../db/waste-values";

/**
 * A complete transfer note's draft, as issuing one at an order's completion writes it: 120 kg of
 * mixed packaging from Green Loop Haulage Ltd in Leeds to Second Life Plastics Ltd in Bradford,
 * collected by road on 10 March 2026, unless told otherwise. The integration and unit factories
 * both write this.
 */
export type NoteFields = {
  transferorId: number;
  transfereeId: number;
  transferredAt?: Date;
  place?: string;
  transferor?: Partial<NoteParty>;
  transferee?: Partial<NoteParty>;
  carrier?: Partial<TransferCarrier>;
  waste?: Partial<NoteWaste>;
  orderId?: number | null;
  replacesNoteId?: number | null;
};

const DAY_MS = 86_400_000;

/** A business as a note names it: a producer in Leeds, its member named as the business. */
export const noteParty = (memberId: number, legalName: string): NoteParty => ({
  member_id: memberId,
  member_name: legalName,
  legal_name: legalName,
  address: "1 Mill Lane, Leeds",
  postcode: "LS1 4AP",
  country: "GB",
  sic_code: "38110",
  roles: ["producer"],
  carrier_registration: null,
  permit_number: null,
  exemption_reference: null,
  site_name: null,
});

export function noteDraft(fields: NoteFields): TransferNoteDraft {
  const transferredAt = fields.transferredAt ?? new Date("2026-03-10T10:30:00Z");
  const party = (memberId: number, name: string, own: Partial<NoteParty>): NoteParty => ({
    ...noteParty(memberId, name),
    member_name: `member${memberId}`,
    ...own,
  });
  const waste: NoteWaste = {
    ewc_codes: [{ code: "150106", description: "mixed packaging" }],
    description: "Mixed plastic and card packaging from a warehouse",
    physical_form: "Solid",
    container_type: "BAL",
    containers: 4,
    quantity: 120,
    unit: "kg",
    weight_kg: 120,
    weight_is_estimate: false,
    ...fields.waste,
  };
  const transferor = party(fields.transferorId, "Green Loop Haulage Ltd", fields.transferor ?? {});
  const transferee = party(fields.transfereeId, "Second Life Plastics Ltd", {
    address: "Unit 4, Canal Road, Bradford",
    postcode: "BD1 4SJ",
    sic_code: "38320",
    roles: ["permit_holder"],
    permit_number: "EPR/AB1234CD",
    site_name: "Canal Road recycling yard",
    ...fields.transferee,
  });
  return {
    orderId: fields.orderId ?? null,
    transferorId: fields.transferorId,
    transfereeId: fields.transfereeId,
    issuedAt: transferredAt,
    transferredAt,
    place: fields.place ?? "Green Loop yard, 1 Mill Lane, Leeds LS1 4AP",
    transferor,
    transferee,
    carrier: {
      name: "Second Life Plastics Ltd",
      registration_number: "CBDU123456",
      reason_for_no_registration: null,
      means_of_transport: "Road",
      vehicle_registration: "YX21 ABC",
      ...fields.carrier,
    },
    waste,
    hierarchyDeclaration: true,
    signatures: [
      { party: "transferor", name: transferor.member_name, at: new Date(transferredAt.getTime() - 3_600_000).toISOString() },
      { party: "transferee", name: transferee.member_name, at: transferredAt.toISOString() },
    ],
    retainUntil: new Date(transferredAt.getTime() + 2 * 365 * DAY_MS),
    replacesNoteId: fields.replacesNoteId ?? null,
  };
}
