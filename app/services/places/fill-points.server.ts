import { getDb, isDatabaseBusy, prepared } from "~/services/database/db.server";
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
function fillChunk(table: string, column: string, afterId: number): number | null {
  const rows = prepared(
    `SELECT id, ${column} AS location FROM ${table} WHERE id > ? AND lat IS NULL AND ${column} <> '' ORDER BY id LIMIT ${CHUNK}`,
  ).all(afterId) as { id: number; location: string }[];
  if (!rows.length) return null;
  const update = prepared(`UPDATE ${table} SET lat = @lat, lng = @lng WHERE id = @id AND lat IS NULL`);
  getDb().$client.transaction(() => {
    for (const row of rows) {
      const point = pointColumns(row.location);
      if (point.lat !== null) update.run({ id: row.id, ...point });
    }
  })();
  return rows[rows.length - 1].id;
}

const placedRows = () =>
  TABLES.reduce(
    (sum, { table }) => sum + (prepared(`SELECT count(*) FROM ${table} WHERE lat IS NOT NULL`).pluck().get() as number),
    0,
  );

/**
 * Fills every table's missing points: each table's first chunk at once (a new or small database
 * is done before the first request), the rest yielding to requests between chunks. Answers how
 * many rows it placed.
 */
export async function fillMissingPoints(): Promise<number> {
  const before = placedRows();
  const cursors = TABLES.map(({ table, column }) => ({ table, column, afterId: fillChunk(table, column, 0) }));
  for (const cursor of cursors) {
    while (cursor.afterId !== null) {
      await new Promise((resolve) => setImmediate(resolve));
      await awaitWriteTurn();
      cursor.afterId = fillChunk(cursor.table, cursor.column, cursor.afterId);
    }
  }
  return placedRows() - before;
}

/** Starts the fill; a busy or closed database leaves the rest to the next start. */
export function startFillingPoints(): void {
  fillMissingPoints().then(
    (placed) => {
      if (placed) logLine(`Places: ${placed} locations placed on the map`);
    },
    (error: unknown) => {
      if (isDatabaseBusy(error)) logLine("Places: another program holds the write lock; the rest waits for the next start");
      else if (!(error instanceof Error && /not open|closed/i.test(error.message)))
        logError("Places: placing locations failed", error);
    },
  );
}
