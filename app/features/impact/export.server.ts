import { csvField, guardText } from "~/lib/csv";
import type { Viewer } from "~/services/access.server";
import { exportStream, type ExportDownload } from "~/services/member-exports.server";
import { ledgerPages, type LedgerRow } from "./store/ledger-pages.server";
import type { DateRange } from "./wire";

/**
 * A member's entries as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a quote, a
 * comma or a line break), oldest date first. Only the member's own entries, as they were written:
 * the CO2e of each is the figure its factor table gave it, never worked out again here.
 */

export const EXPORT_COLUMNS = [
  "id",
  "date",
  "material",
  "treatment",
  "weight_kg",
  "co2e_kg",
  "revenue_cents",
  "currency",
  "source",
  "order_id",
  "note",
  "factor_table",
  // Last, so a spreadsheet built on the columns before it still reads them where they were.
  "role",
] as const;

export { csvField, guardText };

const text = (value: string | null) => (value === null ? "" : csvField(guardText(value)));
const number = (value: number | null) => (value === null ? "" : String(value));

/** One entry as a CSV line, CRLF included. Grams divided by 1000 print as kg with at most three decimals, exactly. */
export function csvLine(row: LedgerRow) {
  return (
    [
      number(row.id),
      text(row.date),
      text(row.material),
      text(row.treatment),
      number(row.weightG / 1000),
      number(row.co2eG / 1000),
      number(row.revenueCents),
      text(row.currency),
      text(row.source),
      number(row.orderId),
      text(row.note),
      text(row.factorTable),
      text(row.role),
    ].join(",") + "\r\n"
  );
}

export const exportFileName = (range: DateRange | null) =>
  `circular-hub-impact-${range ? `${range.from}-${range.to}` : "all"}.csv`;

/**
 * The member's entries in the range (every one without a range) as a stream of CSV text, the
 * header row first, then a page of entries per piece (see ledgerPages and exportStream).
 */
export function entriesCsv(viewer: Viewer, range: DateRange | null, download?: ExportDownload): ReadableStream<Uint8Array> {
  const nextPage = ledgerPages(viewer.id, range);
  let headerSent = false;
  const nextPiece = async () => {
    if (!headerSent) {
      headerSent = true;
      return EXPORT_COLUMNS.join(",") + "\r\n";
    }
    const rows = await nextPage();
    return rows.length ? rows.map(csvLine).join("") : null;
  };
  return exportStream(nextPiece, download);
}
