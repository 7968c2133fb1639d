import { isPostgres } from "./db.server";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * An ORDER BY term sorting `column` as SQLite's `COLLATE NOCASE` does: ASCII letters folded to
 * lower case, then by code point. PostgreSQL's `nocase` collation (decision 055) compares equal
 * where SQLite does but orders as ICU does (punctuation, accents), so there the fold is spelled
 * out and compared under "C", the code-point order the schema's text columns use.
 */
export function nocaseOrderFor(column: string, postgres: boolean): string {
  return postgres ? `translate(${column}, '${UPPER}', '${UPPER.toLowerCase()}') COLLATE "C"` : `${column} COLLATE NOCASE`;
}

/** nocaseOrderFor on the open database. */
export const nocaseOrder = (column: string) => nocaseOrderFor(column, isPostgres());
