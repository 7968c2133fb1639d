import { findWasteCode } from "~/features/waste-codes/codes.server";
import { noteForParty } from "./store/notes.server";
import { dwtReceiptErrors } from "./dwt-rules.server";
import type { DwtReceipt, DwtReceiptAnswer, MissingField, TransferNoteView } from "./wire";

/**
 * The transferee's receipt of a note's waste for the UK digital waste tracking service: the
 * fields of its ReceiveMovementRequest that the note holds, mapped as they are; what the service
 * asks that the note does not hold is named in `missing` with why, never guessed; and the rules'
 * refusals of what was mapped in `errors`. `ready` says the receipt as given would be taken
 * (with the sender's own apiCode added).
 */

/** The receipt of a note, for its transferee. */
export function dwtReceiptOf(note: TransferNoteView): DwtReceiptAnswer {
  const missing: MissingField[] = [];
  const lack = (field: string, why: string, required = true) => missing.push({ field, why, required });
  const receiver = note.transferee;
  const carrier = note.carrier;
  // Listings refuse hazardous codes, so a note has none; one that did would need its consignment note.
  const hazardous = note.waste.ewc_codes.some((entry) => findWasteCode(entry.code)?.hazardous);

  const receipt: DwtReceipt = {
    dateTimeReceived: note.transferred_at,
    // A plain transfer note moves non-hazardous waste: no consignment note, and this is why.
    ...(hazardous ? {} : { reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER" }),
    yourUniqueReference: note.number,
    ...(note.order_id ? { otherReferencesForMovement: [{ label: "Circular Hub order", reference: String(note.order_id) }] } : {}),
    wasteItems: [
      {
        ewcCodes: note.waste.ewc_codes.map((entry) => entry.code),
        wasteDescription: note.waste.description,
        physicalForm: note.waste.physical_form,
        numberOfContainers: note.waste.containers,
        typeOfContainers: note.waste.container_type,
        weight: { metric: "Kilograms", amount: note.waste.weight_kg, isEstimate: note.waste.weight_is_estimate },
        containsHazardous: hazardous,
        hazardous: null,
      },
    ],
    carrier: {
      organisationName: carrier.name,
      registrationNumber: carrier.registration_number,
      ...(carrier.registration_number ? {} : { reasonForNoRegistrationNumber: carrier.reason_for_no_registration ?? undefined }),
      meansOfTransport: carrier.means_of_transport,
      ...(carrier.means_of_transport === "Road" && carrier.vehicle_registration
        ? { vehicleRegistration: carrier.vehicle_registration }
        : {}),
    },
    receiver: {
      ...(receiver.site_name ? { siteName: receiver.site_name } : {}),
      ...(receiver.permit_number || receiver.exemption_reference
        ? { authorisationNumber: (receiver.permit_number ?? receiver.exemption_reference)! }
        : {}),
    },
    receipt: { address: { fullAddress: receiver.address, postcode: receiver.postcode } },
  };

  lack(
    "wasteItems[0].containsPops",
    "The note does not say whether the waste contains persistent organic pollutants: the receiver states it on receipt.",
  );
  lack(
    "wasteItems[0].disposalOrRecoveryCodes",
    "The receiver has not recorded the recovery or disposal operation (R or D code) the waste goes to.",
    false,
  );
  if (hazardous) {
    lack(
      "hazardousWasteConsignmentCode",
      "The waste has a hazardous code: its consignment note's code is needed, which Circular Hub does not issue.",
    );
    lack("wasteItems[0].hazardous", "The note does not record the hazardous properties or where they were assessed.");
  }
  if (!receiver.site_name)
    lack("receiver.siteName", "The transferee's organisation has no site name: add it in the organisation settings.");
  if (!receiver.permit_number && !receiver.exemption_reference)
    lack(
      "receiver.authorisationNumber",
      "The transferee's organisation had no permit number or exemption reference at the transfer: the receiving site's authorisation is needed.",
    );
  if (carrier.means_of_transport === "Road" && !carrier.vehicle_registration)
    lack("carrier.vehicleRegistration", "The carrier gave no vehicle registration for a road transfer.");

  // What is named missing (or inside it) is not refused a second time.
  const named = missing.map((entry) => entry.field);
  const errors = dwtReceiptErrors(receipt).filter(
    (error) => !named.some((field) => error.key === field || error.key.startsWith(`${field}.`)),
  );
  return { receipt, missing, errors, ready: errors.length === 0 && !missing.some((entry) => entry.required) };
}

/** The receipt of a note for the member asking: theirs as transferee; the transferor is refused; anyone else finds nothing. */
export async function dwtReceiptFor(
  memberId: number,
  noteId: number,
): Promise<{ ok: true; answer: DwtReceiptAnswer; note: TransferNoteView } | { ok: false; status: 403 | 404 }> {
  const note = await noteForParty(memberId, noteId);
  if (!note) return { ok: false, status: 404 };
  if (note.transferee.member_id !== memberId) return { ok: false, status: 403 };
  return { ok: true, answer: dwtReceiptOf(note), note };
}
