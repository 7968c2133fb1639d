import { sql } from "drizzle-orm";
import { getDb } from "~/services/database/db.server";
import type { OperationCode } from "../../../../db/waste-values";
import { descendantRange, idsOnPath } from "../path";

/**
 * A lot's chain as stored: every hand-over (a lot of the chain, with the note that gave it) and
 * every operation on the lots on its path (its ancestors and itself) and below it (its
 * descendants), first to last, a page at a time. The lots are read through two index ranges (the
 * ids on the path, the path's range), whatever the chain's length; the database orders the steps,
 * so a page of a chain with 10,000 lots below costs one sort, not 10,000 objects built and
 * dropped. The chain's lots are read once (`materialized`: SQLite would otherwise read them, and
 * their notes, again for the operations), each lot's operations through its index (`cross join`
 * keeps SQLite from scanning every operation for the few lots of a short chain), and the count
 * comes with the page in one statement.
 *
 * A hand-over is at the moment the waste changed hands; an operation at the end of its day (a day
 * has no hour), never before its own lot's hand-over; steps at the same moment keep hand-overs
 * first, then the order they were written in.
 */

export type ChainStep = {
  type: "handover" | "operation";
  atMs: number;
  day: string | null;
  lotId: number;
  fromName: string | null;
  toName: string | null;
  weightKg: number;
  code: OperationCode | null;
  final: number | null;
  noteNumber: string | null;
};

const DAY_END_MS = 86_400_000 - 1;

/** The chain's lots, when each arrived, and its steps with only what orders them: names are read for one page. */
function chainSteps(path: string) {
  const range = descendantRange(path);
  const ancestors = sql.join(
    idsOnPath(path).map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    with chain_lots as materialized (
      select lots.id, lots.note_id, coalesce(n.transferred_at, lots.created_at) as arrived_at
      from lots left join transfer_notes n on n.id = lots.note_id
      where lots.id in (${ancestors}) or (lots.path >= ${range.from} and lots.path < ${range.to})
    ),
    steps as (
      select arrived_at as at_ms, 0 as kind, id as seq, id as lot_id from chain_lots
      union all
      select max(cast(unixepoch(o.date) as integer) * 1000 + ${DAY_END_MS}, chain_lots.arrived_at), 1, o.id, o.lot_id
      from chain_lots cross join lot_operations o where o.lot_id = chain_lots.id
    )`;
}

export async function chainPage(path: string, page: number, limit: number): Promise<{ steps: ChainStep[]; total: number }> {
  const db = getDb();
  const rows = await db.all<ChainStep & { total: number }>(sql`${chainSteps(path)},
    shown as (select * from steps order by at_ms, kind, seq limit ${limit} offset ${(page - 1) * limit})
    select case shown.kind when 0 then 'handover' else 'operation' end as type, shown.at_ms as atMs, o.date as day,
      shown.lot_id as lotId, json_extract(n.transferor, '$.legal_name') as fromName,
      json_extract(n.transferee, '$.legal_name') as toName, coalesce(o.weight_kg, l.weight_kg) as weightKg, o.code, o.final,
      n.number as noteNumber, (select count(*) from steps) as total
    from shown
    join lots l on l.id = shown.lot_id
    left join transfer_notes n on n.id = l.note_id
    left join lot_operations o on shown.kind = 1 and o.id = shown.seq
    order by shown.at_ms, shown.kind, shown.seq`);
  // A page past the last has no row to carry the count: only then is it read on its own.
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number((await db.get<{ total: number }>(sql`${chainSteps(path)} select count(*) as total from steps`))!.total);
  return { steps: rows.map(({ total: _total, ...step }) => step), total };
}
