import type { Viewer } from "~/services/access.server";
import { prepared } from "~/services/db.server";
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
] as const;

/** Rows read per step: the download never holds more than this many entries in memory. */
const CHUNK = 500;

type ExportRow = {
  id: number;
  date: string;
  material: string;
  treatment: string;
  weight_g: number;
  co2e_g: number;
  revenue_cents: number | null;
  currency: string | null;
  source: string;
  order_id: number | null;
  note: string | null;
  factor_table: string;
};

/**
 * A text cell a spreadsheet would not run as a formula: one starting with = + - @, a tab or a
 * carriage return gets a leading apostrophe. Numbers are written as numbers and never pass here.
 */
export function guardText(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a quote, a comma or a line break. */
export function csvField(value: string) {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const text = (value: string | null) => (value === null ? "" : csvField(guardText(value)));
const number = (value: number | null) => (value === null ? "" : String(value));

/** One entry as a CSV line, CRLF included. Grams divided by 1000 print as kg with at most three decimals, exactly. */
export function csvLine(row: ExportRow) {
  return (
    [
      number(row.id),
      text(row.date),
      text(row.material),
      text(row.treatment),
      number(row.weight_g / 1000),
      number(row.co2e_g / 1000),
      number(row.revenue_cents),
      text(row.currency),
      text(row.source),
      number(row.order_id),
      text(row.note),
      text(row.factor_table),
    ].join(",") + "\r\n"
  );
}

export const exportFileName = (range: DateRange | null) =>
  `circular-hub-impact-${range ? `${range.from}-${range.to}` : "all"}.csv`;

const COLUMNS = `id, date, material, treatment, weight_g, co2e_g, revenue_cents, currency, source, order_id, note, factor_table`;

/**
 * The member's entries in the range (every one without a range) as a stream of CSV text, the
 * header row first. Entries are read in steps of a few hundred, each step a query of its own that
 * picks up after the last (date, id) sent: an open iterator would keep the one database connection
 * busy for as long as the client takes to download, and every other request would fail meanwhile.
 */
export function entriesCsv(viewer: Viewer, range: DateRange | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const bounds = { member: viewer.id, from: range?.from ?? "0000-00-00", to: range?.to ?? "9999-99-99", limit: CHUNK };
  const first = prepared(`SELECT ${COLUMNS} FROM impact_entries
      WHERE member_id = @member AND date BETWEEN @from AND @to ORDER BY date, id LIMIT @limit`);
  const next = prepared(`SELECT ${COLUMNS} FROM impact_entries
      WHERE member_id = @member AND date BETWEEN @from AND @to AND (date, id) > (@afterDate, @afterId) ORDER BY date, id LIMIT @limit`);
  let after: { date: string; id: number } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(EXPORT_COLUMNS.join(",") + "\r\n"));
        return;
      }
      const rows = (after ? next.all({ ...bounds, afterDate: after.date, afterId: after.id }) : first.all(bounds)) as ExportRow[];
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
        const last = rows[rows.length - 1]!;
        after = { date: last.date, id: last.id };
      }
      if (rows.length < CHUNK) controller.close();
    },
  });
}
