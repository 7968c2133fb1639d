import { sql } from "drizzle-orm";
import { keepNewest } from "~/lib/recently-used";
import { transferNotes } from "../../../../db/schema";
import { getDb, keptQuery, keptUntilDatabaseChanges, statement } from "~/services/database/db.server";
import type { NotePartyRole } from "../../../../db/waste-values";
import type { TransferNoteView } from "../wire";
import { notesWithLinks, noteView } from "./notes.server";

/**
 * A member's register of transfer notes: the notes they handed waste over on (transferor) and took
 * it on (transferee), read from the indexes on (transferor_id | transferee_id, transferred_at, id).
 * A member is never both parties of one note (the table checks it), so "both roles" is the two
 * index ranges side by side: each side is ordered and cut in its own index, and only what the
 * page needs of each is merged, so a page costs no more with 20,000 notes than with twenty.
 */

/** Transfer times as milliseconds, from included to before excluded. */
export type RegisterBounds = { memberId: number; role: NotePartyRole | null; from: number; before: number };

const SIDES: Record<NotePartyRole, string> = { transferor: "transferor_id", transferee: "transferee_id" };
const sidesOf = (role: NotePartyRole | null) => (role ? [SIDES[role]] : Object.values(SIDES));

const inRange = (column: string) => `${column} = @member AND transferred_at >= @from AND transferred_at < @before`;

/** Each side's newest `@end` notes, merged: the page is the last `@limit` of the first `@end`. */
function pageSql(role: NotePartyRole | null) {
  const sides = sidesOf(role).map(
    (column) =>
      `SELECT * FROM (SELECT id, transferred_at FROM transfer_notes WHERE ${inRange(column)}
        ORDER BY transferred_at DESC, id DESC LIMIT @end) AS side`,
  );
  return `${sides.join(" UNION ALL ")} ORDER BY transferred_at DESC, id DESC LIMIT @limit OFFSET @offset`;
}

/**
 * Weight by code: each side's notes in range (from its index), their codes from the note's own
 * rows. A note a correction replaced is left out (its correction counts instead), so a corrected
 * load is counted once.
 */
function totalsSql(role: NotePartyRole | null) {
  const sides = sidesOf(role).map(
    (column) => `SELECT id, weight_kg FROM transfer_notes AS note WHERE ${inRange(column)}
      AND NOT EXISTS (SELECT 1 FROM transfer_notes AS correction WHERE correction.replaces_note_id = note.id)`,
  );
  return `SELECT codes.code AS code, count(*) AS notes, sum(notes.weight_kg) AS weightKg
    FROM (${sides.join(" UNION ALL ")}) AS notes JOIN transfer_note_codes AS codes ON codes.note_id = notes.id
    GROUP BY codes.code ORDER BY codes.code`;
}

/** How many notes the bounds hold: each side's index range. */
function countSql(role: NotePartyRole | null) {
  const sides = sidesOf(role).map((column) => `SELECT count(*) AS notes FROM transfer_notes WHERE ${inRange(column)}`);
  return `SELECT sum(notes) AS notes FROM (${sides.join(" UNION ALL ")}) AS sides`;
}

/** The queries, exported for the test of their query plans. */
export const REGISTER_QUERIES = { page: pageSql, totals: totalsSql, count: countSql };

const params = (bounds: RegisterBounds) => ({ member: bounds.memberId, from: bounds.from, before: bounds.before });

/** The ids of a page of the register, newest transfer first. */
export async function registerPage(bounds: RegisterBounds, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  return (await statement(pageSql(bounds.role)).column({
    ...params(bounds),
    end: offset + perPage,
    limit: perPage,
    offset,
  })) as number[];
}

type CodeWeight = { code: string; notes: number; weightKg: number };

/**
 * Totals already summed, by member and bounds, with the count of the member's register's changes
 * they were summed at (transfer_note_registers: every note issued with the member as a party, and
 * every sweep of one, counts one in the same transaction). The sum reads every note in the bounds
 * (40 ms for 20,000 notes), and so did the count of them (1 ms); the register's count of changes is
 * one row, so paging through a register or coming back to it sums it once. Each process keeps its
 * own: a note issued through another process changes the count all the same.
 */
const summed = new Map<string, { changes: number; notes: number; totals: CodeWeight[] }>();
const MAX_SUMMED = 500;
keptUntilDatabaseChanges(() => summed.clear());

/**
 * A page's notes, whole, in the order of `ids` (ids from registerPage: the member's own notes), in
 * one query prepared once, the ids given as a JSON list (building the query's SQL again on every
 * page cost more than running it).
 */
export async function notesOfPage(ids: number[]): Promise<TransferNoteView[]> {
  if (ids.length === 0) return [];
  const db = getDb();
  const query = keptQuery(db, "transfer-notes.page", (handle) =>
    notesWithLinks(handle)
      .where(sql`${transferNotes.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  );
  const rows = await query.all({ ids: JSON.stringify(ids) });
  const byId = new Map(rows.map((row) => [row.note.id, noteView(row.note, row.replaces, row.replacedBy)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page's notes as noteView writes them, each column a note's JSON text keeps read as it is stored. */
const PAGE_JSON_SQL = `SELECT n.id, n.number, n.order_id AS orderId, n.issued_at AS issuedAt, n.transferred_at AS transferredAt,
  n.place, n.transferor, n.transferee, n.carrier, n.waste, n.hierarchy_declaration AS hierarchyDeclaration, n.signatures,
  n.retain_until AS retainUntil, n.lot_id AS lotId, r.id AS replacesId, r.number AS replacesNumber,
  b.id AS replacedById, b.number AS replacedByNumber
  FROM transfer_notes n
  LEFT JOIN transfer_notes r ON r.id = n.replaces_note_id
  LEFT JOIN transfer_notes b ON b.replaces_note_id = n.id
  WHERE n.id IN (SELECT value FROM json_each(?))`;

type PageJsonRow = {
  id: number;
  number: string;
  orderId: number | null;
  issuedAt: number;
  transferredAt: number;
  place: string;
  transferor: string;
  transferee: string;
  carrier: string;
  waste: string;
  hierarchyDeclaration: number | boolean;
  signatures: string;
  retainUntil: number;
  lotId: number | null;
  replacesId: number | null;
  replacesNumber: string | null;
  replacedById: number | null;
  replacedByNumber: string | null;
};

const isoOf = (ms: number) => new Date(Number(ms)).toISOString();
const linkJson = (id: number | null, number: string | null) =>
  id ? `{"id":${Number(id)},"number":${JSON.stringify(number)}}` : "null";

/**
 * notesOfPage's notes as one JSON array, in the order of `ids`: the text JSON.stringify writes of
 * them, field for field. A note's parties, carrier, waste and signatures are stored as the JSON
 * text of their values (JSON.stringify's, as the ORM writes them) and never change, so they are
 * written into the answer as read: parsing them to serialise them again was a third of the
 * register's CPU.
 */
export async function notesOfPageJson(ids: number[]): Promise<string> {
  if (ids.length === 0) return "[]";
  const rows = (await statement(PAGE_JSON_SQL).all(JSON.stringify(ids))) as PageJsonRow[];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const notes = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      `{"id":${Number(row.id)},"number":${JSON.stringify(row.number)},"order_id":${row.orderId === null ? "null" : Number(row.orderId)},` +
        `"issued_at":"${isoOf(row.issuedAt)}","transferred_at":"${isoOf(row.transferredAt)}",` +
        `"place":${JSON.stringify(row.place)},"transferor":${row.transferor},"transferee":${row.transferee},` +
        `"carrier":${row.carrier},"waste":${row.waste},"hierarchy_declaration":${Boolean(Number(row.hierarchyDeclaration))},` +
        `"signatures":${row.signatures},"retain_until":"${isoOf(row.retainUntil)}",` +
        `"lot_id":${row.lotId === null ? "null" : Number(row.lotId)},` +
        `"replaces":${linkJson(row.replacesId, row.replacesNumber)},"replaced_by":${linkJson(row.replacedById, row.replacedByNumber)}}`,
    ];
  });
  return `[${notes.join(",")}]`;
}

/** How many notes the register holds in the bounds, and its weight and count of notes by code, in code order. */
export async function registerTotals(bounds: RegisterBounds): Promise<{ notes: number; totals: CodeWeight[] }> {
  const key = `${bounds.memberId}:${bounds.role}:${bounds.from}:${bounds.before}`;
  // Read before the sums: a note issued while they are read changes the count after them, and
  // the next read sums again.
  const changes =
    ((await statement("SELECT changes FROM transfer_note_registers WHERE member_id = ?").value(bounds.memberId)) as
      number | undefined) ?? 0;
  const kept = summed.get(key);
  if (kept?.changes === changes) return { notes: kept.notes, totals: kept.totals };
  const notes = Number((await statement(countSql(bounds.role)).value(params(bounds))) ?? 0);
  const totals = (await statement(totalsSql(bounds.role)).all(params(bounds))) as CodeWeight[];
  // The oldest summed register goes first once the map is full.
  keepNewest(summed, key, { changes, notes, totals }, MAX_SUMMED);
  return { notes, totals };
}

/** A note as the CSV writes it: its columns, the JSON ones parsed. */
export type RegisterRow = {
  id: number;
  number: string;
  transferredAt: number;
  issuedAt: number;
  transferorId: number;
  transfereeId: number;
  place: string;
  transferor: string;
  transferee: string;
  carrier: string;
  waste: string;
  replacesNumber: string | null;
  retainUntil: number;
};

/** Rows a piece of the CSV holds: memory holds one piece, whatever the register's length. */
export const REGISTER_PAGE_ROWS = 500;

const ROW_COLUMNS = `n.id AS id, n.number AS number, n.transferred_at AS transferredAt, n.issued_at AS issuedAt,
  n.transferor_id AS transferorId, n.transferee_id AS transfereeId, n.place AS place, n.transferor AS transferor,
  n.transferee AS transferee, n.carrier AS carrier, n.waste AS waste, r.number AS replacesNumber, n.retain_until AS retainUntil`;

/** The next notes after (@afterAt, @afterId), oldest first, each side seeking in its own index. */
function rowsSql(role: NotePartyRole | null) {
  const sides = sidesOf(role).map(
    (column) =>
      `SELECT * FROM (SELECT id, transferred_at FROM transfer_notes WHERE ${column} = @member
        AND transferred_at < @before AND transferred_at >= @afterAt AND (transferred_at > @afterAt OR id > @afterId)
        ORDER BY transferred_at, id LIMIT @limit) AS side`,
  );
  return `SELECT ${ROW_COLUMNS} FROM (${sides.join(" UNION ALL ")} ORDER BY transferred_at, id LIMIT @limit) AS page
    JOIN transfer_notes AS n ON n.id = page.id LEFT JOIN transfer_notes AS r ON r.id = n.replaces_note_id
    ORDER BY n.transferred_at, n.id`;
}

/**
 * A reader of the member's notes in the range, oldest transfer first: each call answers the next
 * piece (a query of its own seeking past the last row sent, so the connection is never held while
 * a client downloads), and an empty one at the end.
 */
export function registerRows(bounds: RegisterBounds, pageRows = REGISTER_PAGE_ROWS) {
  let after = { at: bounds.from - 1, id: 0 };
  let done = false;
  return async function nextRows(): Promise<RegisterRow[]> {
    if (done) return [];
    const rows = (await statement(rowsSql(bounds.role)).all({
      ...params(bounds),
      afterAt: after.at,
      afterId: after.id,
      limit: pageRows,
    })) as RegisterRow[];
    if (rows.length < pageRows) done = true;
    const last = rows[rows.length - 1];
    if (last) after = { at: last.transferredAt, id: last.id };
    return rows;
  };
}
