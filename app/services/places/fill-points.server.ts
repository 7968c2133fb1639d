import { isDatabaseBusy, statement, transaction } from "~/services/database/db.server";
import { awaitWriteTurn } from "~/services/database/write-lock.server";
import { logError, logLine } from "~/services/log.server";
import { pointColumns } from "./gazetteer.server";

/**
 * Rows whose location was written before locations had points (or by the seed) get theirs at
 * start-up, a chunk at a time between requests: the stores set `lat`/`lng` on every write since.
 * A location that names no known place stays null, and is read again at the next start (cheap:
 * the gazetteer is in memory).
 */

const CHUNK = 500;
const TABLES = [
  { table: "listings", column: "location" },
  { table: "posts", column: "location_name" },
  { table: "users", column: "location" },
] as const;

/** Fills one chunk of `table` after row `afterId`; answers the last id read, or null when none is left. */
async function fillChunk(table: string, column: string, afterId: number): Promise<number | null> {
  const rows = (await statement(
    `SELECT id, ${column} AS location FROM ${table} WHERE id > ? AND lat IS NULL AND ${column} <> '' ORDER BY id LIMIT ${CHUNK}`,
  ).all(afterId)) as { id: number; location: string }[];
  if (!rows.length) return null;
  const update = statement(`UPDATE ${table} SET lat = @lat, lng = @lng WHERE id = @id AND lat IS NULL`);
  await transaction(async () => {
    for (const row of rows) {
      const point = pointColumns(row.location);
      if (point.lat !== null) await update.run({ id: row.id, ...point });
    }
  });
  return rows[rows.length - 1].id;
}

async function placedRows() {
  let placed = 0;
  for (const { table } of TABLES)
    placed += (await statement(`SELECT count(*) FROM ${table} WHERE lat IS NOT NULL`).value<number>()) ?? 0;
  return placed;
}

/**
 * Fills every table's missing points: each table's first chunk before it answers (a new or small
 * database is done before the first request), the rest afterwards, yielding to requests between
 * chunks. A busy or closed database leaves the rest to the next start.
 */
export async function startFillingPoints(): Promise<void> {
  let before: number;
  const cursors: { table: string; column: string; afterId: number | null }[] = [];
  try {
    before = await placedRows();
    for (const { table, column } of TABLES) cursors.push({ table, column, afterId: await fillChunk(table, column, 0) });
  } catch (error) {
    return reportFailure(error);
  }
  void (async () => {
    for (const cursor of cursors) {
      while (cursor.afterId !== null) {
        await new Promise((resolve) => setImmediate(resolve));
        await awaitWriteTurn();
        cursor.afterId = await fillChunk(cursor.table, cursor.column, cursor.afterId);
      }
    }
    const placed = (await placedRows()) - before;
    if (placed) logLine(`Places: ${placed} locations placed on the map`);
  })().catch(reportFailure);
}

function reportFailure(error: unknown) {
  if (isDatabaseBusy(error)) logLine("Places: another program holds the write lock; the rest waits for the next start");
  else if (!(error instanceof Error && /not open|closed|PostgreSQL, not SQLite/i.test(error.message)))
    logError("Places: placing locations failed", error);
}
