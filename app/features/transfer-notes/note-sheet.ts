import dwtEnums from "~/content/waste/dwt-enums.json";
import type { NoteParty, TransferNoteView } from "./wire";

/**
 * A transfer note laid out as the duty of care reads it, once for both its page and its PDF:
 * sections of labelled lines, every field of the note, in the order a regulator looks for them
 * (who, what, who carried it, where and when, the declaration, the signatures). Times are UTC,
 * written out, so that both parties read the same moment on paper.
 */

/** The attribution DEFRA's reference data (the container types, the receipt's fields) asks for. */
export const DWT_ATTRIBUTION = "Contains public sector information licensed under the Open Government Licence v3.0.";

export type SheetLine = { label: string; value: string };
export type SheetSection = { title: string; lines: SheetLine[] };
export type NoteSheet = {
  number: string;
  title: string;
  parties: SheetSection[];
  sections: SheetSection[];
  declaration: string;
  signatures: SheetLine[];
  retainUntil: string;
  replaces: { id: number; number: string } | null;
  replacedBy: { id: number; number: string } | null;
};

const CONTAINER_LABELS: Record<string, string> = dwtEnums.descriptions.containerTypeCodes;
const NO_REGISTRATION_LABELS: Record<string, string> = dwtEnums.descriptions.reasonForNoRegistrationNumber;

const UTC_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const UTC_TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
const KILOGRAMS = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

/** "27 November 2026, 09:15 UTC". */
export function utcMoment(iso: string) {
  const date = new Date(iso);
  return `${UTC_DAY.format(date)}, ${UTC_TIME.format(date)} UTC`;
}

/** "27 November 2026". */
export function utcDay(iso: string) {
  return UTC_DAY.format(new Date(iso));
}

const kg = (value: number) => `${KILOGRAMS.format(value)} kg`;
const orNone = (value: string | null) => value || "None";

function partyLines(party: NoteParty): SheetLine[] {
  return [
    { label: "Legal name", value: party.legal_name },
    { label: "Address", value: `${party.address}, ${party.postcode}, ${party.country}` },
    { label: "SIC code", value: party.sic_code },
    { label: "Roles", value: party.roles.join(", ").replaceAll("_", " ") || "None" },
    { label: "Carrier registration", value: orNone(party.carrier_registration) },
    { label: "Permit number", value: orNone(party.permit_number) },
    { label: "Exemption reference", value: orNone(party.exemption_reference) },
    ...(party.site_name ? [{ label: "Site", value: party.site_name }] : []),
    { label: "Member", value: party.member_name },
  ];
}

export function noteSheet(note: TransferNoteView): NoteSheet {
  const { waste, carrier } = note;
  const signedBy = (party: string) => note.signatures.find((signature) => signature.party === party);
  return {
    number: note.number,
    title: `Waste transfer note ${note.number}`,
    parties: [
      { title: "Transferor (hands the waste over)", lines: partyLines(note.transferor) },
      { title: "Transferee (takes the waste)", lines: partyLines(note.transferee) },
    ],
    sections: [
      {
        title: "The waste",
        lines: [
          ...waste.ewc_codes.map((entry, index) => ({
            label: index === 0 ? "List of Waste codes" : "",
            value: `${entry.code} ${entry.description}`,
          })),
          { label: "Description", value: waste.description },
          { label: "Physical form", value: waste.physical_form },
          {
            label: "Containers",
            value: `${waste.containers} × ${CONTAINER_LABELS[waste.container_type] ?? waste.container_type} (${waste.container_type})`,
          },
          { label: "Quantity", value: `${waste.quantity.toLocaleString("en-GB")} ${waste.unit}` },
          { label: "Weight", value: `${kg(waste.weight_kg)} (${waste.weight_is_estimate ? "estimated" : "weighed"})` },
        ],
      },
      {
        title: "Carrier",
        lines: [
          { label: "Name", value: carrier.name },
          carrier.registration_number
            ? { label: "Registration number", value: carrier.registration_number }
            : {
                label: "No registration because",
                value:
                  NO_REGISTRATION_LABELS[carrier.reason_for_no_registration ?? ""] ?? orNone(carrier.reason_for_no_registration),
              },
          { label: "Means of transport", value: carrier.means_of_transport },
          ...(carrier.vehicle_registration ? [{ label: "Vehicle registration", value: carrier.vehicle_registration }] : []),
        ],
      },
      {
        title: "Place and time of transfer",
        lines: [
          { label: "Place", value: note.place },
          { label: "Transferred", value: utcMoment(note.transferred_at) },
          { label: "Note issued", value: utcMoment(note.issued_at) },
          ...(note.order_id ? [{ label: "Circular Hub order", value: `#${note.order_id}` }] : []),
          ...(note.lot_id ? [{ label: "Lot", value: `#${note.lot_id}` }] : []),
        ],
      },
    ],
    declaration: note.hierarchy_declaration
      ? "The transferor declares that it has applied the waste hierarchy (prevention, preparing for re-use, recycling, other recovery, disposal) to this waste."
      : "The transferor made no waste hierarchy declaration.",
    signatures: (["transferor", "transferee"] as const).map((party) => {
      const signature = signedBy(party);
      const label = party === "transferor" ? "Transferor" : "Transferee";
      return { label, value: signature ? `${signature.name}, confirmed ${utcMoment(signature.at)}` : "Not signed" };
    }),
    retainUntil: utcDay(note.retain_until),
    replaces: note.replaces,
    replacedBy: note.replaced_by,
  };
}
