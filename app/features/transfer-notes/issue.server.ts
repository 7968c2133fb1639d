import type { Db } from "~/services/database/db.server";
import { refuse } from "~/lib/forms";
import { Refused, type CompletedOrder } from "~/features/exchange/orders.server";
import { organisationOf } from "~/features/organisation/store/organisation.server";
import type { Organisation } from "~/features/organisation/schemas";
import { findWasteCode } from "~/features/waste-codes/codes.server";
import { notify } from "~/features/notifications/notify.server";
import { TRANSFER_NOTE_RETENTION_YEARS, type NoteParty, type TransferCarrier } from "../../../db/waste-values";
import { tellNoteIssued } from "./issued.server";
import { insertTransferNote } from "./store/notes.server";
import { memberNamesOf } from "./store/parties.server";

/**
 * Issuing a waste order's transfer note, in the transaction that completes the order (registered
 * with the exchange's onOrderCompleted at start-up): the note exists exactly when the order is
 * completed, and a note that cannot be whole (a party's organisation gone) stops the completion.
 */

export const NO_ORGANISATION = "Add your organisation's details first.";

/** A note is kept two years after the transfer, to the same moment of the day. */
export function retainUntil(transferredAt: Date) {
  const until = new Date(transferredAt);
  until.setUTCFullYear(until.getUTCFullYear() + TRANSFER_NOTE_RETENTION_YEARS);
  return until;
}

/** A party as the note names them: their organisation and their name, as they are at the transfer. */
export function notePartyOf(memberId: number, name: string, organisation: Organisation): NoteParty {
  return {
    member_id: memberId,
    member_name: name,
    legal_name: organisation.legal_name,
    address: organisation.address,
    postcode: organisation.postcode,
    country: organisation.country,
    sic_code: organisation.sic_code,
    roles: organisation.roles,
    carrier_registration: organisation.carrier_registration,
    permit_number: organisation.permit_number,
    exemption_reference: organisation.exemption_reference,
    site_name: organisation.site_name,
  };
}

/** Tells a party a note of theirs was issued (in the app and, as they chose, by mail), as the other party's doing. */
export async function tellOfNote(
  tx: Db,
  note: { id: number; number: string },
  { recipientId, actorId }: { recipientId: number; actorId: number },
) {
  await notify(tx, {
    recipientId,
    actorId,
    type: "transfer_note_issued",
    subjectType: "transfer_note",
    subjectId: note.id,
    excerpt: note.number,
  });
}

/**
 * The completion of a waste order issues its note: the transferor is the seller (who handed the
 * waste over), the transferee the buyer; both as their organisations and names are now; the
 * carrier, place and declaration as the parties gave them; signed by the two confirmations, and
 * transferred at the later one. Any other order issues none.
 */
export async function issueTransferNote(tx: Db, order: CompletedOrder): Promise<void> {
  const waste = order.listing.waste;
  const details = order.transferDetails;
  if (!waste || !details) return;
  const [transferorOrganisation, transfereeOrganisation] = [
    await organisationOf(order.sellerId),
    await organisationOf(order.buyerId),
  ];
  for (const [memberId, organisation, role] of [
    [order.sellerId, transferorOrganisation, "seller"],
    [order.buyerId, transfereeOrganisation, "buyer"],
  ] as const) {
    if (organisation) continue;
    throw new Refused(
      refuse(
        "conflict",
        memberId === order.completedBy
          ? NO_ORGANISATION
          : `The ${role} has no organisation details any more: the transfer note cannot be issued until they add them again.`,
      ),
    );
  }
  const names = await memberNamesOf(tx, [order.sellerId, order.buyerId]);
  const transferorName = names.get(order.sellerId) ?? "";
  const transfereeName = names.get(order.buyerId) ?? "";
  const transferredAt = new Date(Math.max(order.confirmedAt.buyer.getTime(), order.confirmedAt.seller.getTime()));
  const note = await insertTransferNote(tx, {
    orderId: order.id,
    transferorId: order.sellerId,
    transfereeId: order.buyerId,
    issuedAt: transferredAt,
    transferredAt,
    place: details.place ?? "",
    transferor: notePartyOf(order.sellerId, transferorName, transferorOrganisation!),
    transferee: notePartyOf(order.buyerId, transfereeName, transfereeOrganisation!),
    carrier: details.carrier as TransferCarrier,
    waste: {
      ewc_codes: waste.ewcCodes.map((code) => ({ code, description: findWasteCode(code)?.description ?? "" })),
      description: waste.description,
      physical_form: waste.physicalForm,
      container_type: waste.containerType,
      containers: waste.containers,
      quantity: order.quantity,
      unit: order.listing.unit,
      weight_kg: order.weightKg!,
      // A weight nobody weighed (worked out from the quantity) is an estimate unless a party said otherwise.
      weight_is_estimate: details.weight_is_estimate ?? order.weighed === false,
    },
    hierarchyDeclaration: details.hierarchy_declaration === true,
    signatures: [
      { party: "transferor", name: transferorName, at: order.confirmedAt.seller.toISOString() },
      { party: "transferee", name: transfereeName, at: order.confirmedAt.buyer.toISOString() },
    ],
    retainUntil: retainUntil(transferredAt),
    replacesNoteId: null,
  });
  // The features above (the transferee's lot) follow in the same transaction.
  await tellNoteIssued(tx, {
    id: note.id,
    number: note.number,
    orderId: order.id,
    listingId: order.listing.id,
    transferorId: order.sellerId,
    transfereeId: order.buyerId,
    material: order.listing.material,
    ewcCodes: waste.ewcCodes,
    weightKg: order.weightKg!,
    transferredAt,
  });
  // Both parties hear of it, each as the other's doing: the note is both of theirs, so neither is left out.
  await tellOfNote(tx, note, { recipientId: order.sellerId, actorId: order.buyerId });
  await tellOfNote(tx, note, { recipientId: order.buyerId, actorId: order.sellerId });
}
