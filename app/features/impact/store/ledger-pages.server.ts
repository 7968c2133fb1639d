import type { ImpactEntry } from "../../../../db/schema";
import { statement } from "~/services/database/db.server";
import type { DateRange } from "../wire";

/**
 * A member's entries read in (date, id) order a page at a time, for the downloads that send them
 * all (the CSV and the account export). Each page is a query of its own that seeks in the index
 * on (member_id, date, id) to just past the last entry of the page before, so a page costs the
 * same at the end of a long ledger as at its start. An open iterator would instead keep the
 * connection busy for as long as the client takes to download, failing every other request.
 *
 * The seek is two queries: the rest of the last date sent (`date = ? AND id > ?`), then the later
 * dates. A single `(date, id) > (?, ?)` uses the index on the date alone, so a page would scan
 * every entry of that date already sent: a ledger of thousands of loads on one day grew in the
 * square of its length.
 */

/** Rows a page holds: memory holds one page of entries at a time, whatever the ledger's length. */
export const LEDGER_PAGE_ROWS = 500;

/** An entry as stored, times as milliseconds and the flag as 0 or 1. */
export type LedgerRow = Omit<ImpactEntry, "createdAt" | "updatedAt" | "countsOnce"> & {
  createdAt: number;
  updatedAt: number;
  countsOnce: number;
};

const COLUMNS = `id, member_id AS memberId, date, material, treatment, weight_g AS weightG, revenue_cents AS revenueCents,
  currency, note, source, order_id AS orderId, role, lot_operation_id AS lotOperationId, event_id AS eventId, counts_once AS countsOnce, co2e_g AS co2eG, factor_table AS factorTable,
  submission_key AS submissionKey, created_at AS createdAt, updated_at AS updatedAt`;

/** The page's queries: exported for the test of their query plans. */
export const LEDGER_QUERIES = {
  first: `SELECT ${COLUMNS} FROM impact_entries
    WHERE member_id = @member AND date >= @from AND date <= @to ORDER BY date, id LIMIT @limit`,
  restOfDay: `SELECT ${COLUMNS} FROM impact_entries
    WHERE member_id = @member AND date = @afterDate AND id > @afterId ORDER BY id LIMIT @limit`,
  laterDays: `SELECT ${COLUMNS} FROM impact_entries
    WHERE member_id = @member AND date > @afterDate AND date <= @to ORDER BY date, id LIMIT @limit`,
};

/**
 * A reader of the member's entries in the range (every one without a range): each call answers
 * the next page, oldest first, and an empty one once every entry was read. Making the reader
 * reads nothing; each page is a store call of its own.
 */
export function ledgerPages(memberId: number, range: DateRange | null, pageRows = LEDGER_PAGE_ROWS) {
  const bounds = { member: memberId, from: range?.from ?? "0000-00-00", to: range?.to ?? "9999-99-99", limit: pageRows };
  let after: { date: string; id: number } | null = null;
  let done = false;
  return async function nextPage(): Promise<LedgerRow[]> {
    if (done) return [];
    let rows: LedgerRow[];
    if (!after) rows = (await statement(LEDGER_QUERIES.first).all(bounds)) as LedgerRow[];
    else {
      const seek = { ...bounds, afterDate: after.date, afterId: after.id };
      rows = (await statement(LEDGER_QUERIES.restOfDay).all(seek)) as LedgerRow[];
      if (rows.length < pageRows)
        rows = rows.concat(
          (await statement(LEDGER_QUERIES.laterDays).all({ ...seek, limit: pageRows - rows.length })) as LedgerRow[],
        );
    }
    if (rows.length < pageRows) done = true;
    const last = rows[rows.length - 1];
    if (last) after = { date: last.date, id: last.id };
    return rows;
  };
}
