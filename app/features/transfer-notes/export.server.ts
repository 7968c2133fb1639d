import { csvField, guardText } from "~/lib/csv";
import { exportStream, type ExportDownload } from "~/services/member-exports.server";
import type { NoteParty, NoteWaste, TransferCarrier } from "../../../db/waste-values";
import type { RegisterExportQuery } from "./schemas";
import { registerBounds } from "./register.server";
import { registerRows, type RegisterRow } from "./store/register.server";

/**
 * A member's register as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a quote, a
 * comma or a line break), one row a note, oldest transfer first, header first. Every text cell
 * is defused: a waste description or a legal name is typed by a member and must not run as a
 * formula in the other party's spreadsheet.
 */

export const REGISTER_COLUMNS = [
  "number",
  "transferred_at",
  "issued_at",
  "your_role",
  "transferor",
  "transferor_postcode",
  "transferee",
  "transferee_postcode",
  "ewc_codes",
  "waste_description",
  "physical_form",
  "container_type",
  "containers",
  "quantity",
  "unit",
  "weight_kg",
  "weight_is_estimate",
  "carrier",
  "carrier_registration",
  "means_of_transport",
  "place",
  "replaces",
  "retain_until",
] as const;

const text = (value: string | null) => (value === null ? "" : csvField(guardText(value)));
const iso = (ms: number) => new Date(ms).toISOString();

/** One note as a CSV line, CRLF included. */
export function registerLine(memberId: number, row: RegisterRow) {
  const transferor = JSON.parse(row.transferor) as NoteParty;
  const transferee = JSON.parse(row.transferee) as NoteParty;
  const waste = JSON.parse(row.waste) as NoteWaste;
  const carrier = JSON.parse(row.carrier) as TransferCarrier;
  return (
    [
      text(row.number),
      text(iso(row.transferredAt)),
      text(iso(row.issuedAt)),
      text(row.transferorId === memberId ? "transferor" : "transferee"),
      text(transferor.legal_name),
      text(transferor.postcode),
      text(transferee.legal_name),
      text(transferee.postcode),
      text(waste.ewc_codes.map((entry) => entry.code).join(" ")),
      text(waste.description),
      text(waste.physical_form),
      text(waste.container_type),
      String(waste.containers),
      String(waste.quantity),
      text(waste.unit),
      String(waste.weight_kg),
      waste.weight_is_estimate ? "true" : "false",
      text(carrier.name),
      text(carrier.registration_number ?? carrier.reason_for_no_registration),
      text(carrier.means_of_transport),
      text(row.place),
      text(row.replacesNumber),
      text(iso(row.retainUntil)),
    ].join(",") + "\r\n"
  );
}

export const registerFileName = (query: RegisterExportQuery) =>
  `circular-hub-transfer-notes-${query.from ?? "start"}-${query.to ?? "today"}.csv`;

/** The member's register in the query's dates as a stream of CSV text: the header, then a piece of notes at a time. */
export function registerCsv(memberId: number, query: RegisterExportQuery, download?: ExportDownload) {
  const nextRows = registerRows(registerBounds(memberId, query));
  let headerSent = false;
  const nextPiece = async () => {
    if (!headerSent) {
      headerSent = true;
      return REGISTER_COLUMNS.join(",") + "\r\n";
    }
    const rows = await nextRows();
    return rows.length ? rows.map((row) => registerLine(memberId, row)).join("") : null;
  };
  return exportStream(nextPiece, download);
}
