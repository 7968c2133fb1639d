import { Column, fillPlaceholders, getTableName, is, SQL } from "drizzle-orm";
import { PreparedQuery } from "drizzle-orm/better-sqlite3";

/**
 * The ORM's rows as objects, for a query prepared once and kept (keptQuery): what Drizzle's own
 * mapping gives, decided once per query instead of for every value of every row. Drizzle looks up
 * what each selected field is (a column, an SQL expression, a subquery) with a walk of its class
 * chain for every value it maps: for a list of 21 notifications that was a tenth of the request's
 * CPU. The result is the same object, key for key: nested paths, each value through its column's
 * decoder, and a left-joined table whose columns are all null given as null.
 */

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; field: unknown };
type Mapped = { path: string[]; decoder: Decoder; table: string | null };

/** The decoder of a selected field, as Drizzle's mapResultRow picks it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  const subquery = field as { _?: { sql: { decoder: Decoder } }; sql?: { decoder: Decoder } };
  return subquery._ ? subquery._.sql.decoder : subquery.sql!.decoder;
}

/** A row mapper for `fields` (the prepared query's ordered selection), with the query's nullable joins. */
export function rowMapper(fields: Field[], joinsNotNullable: Record<string, boolean> | undefined) {
  const mapped: Mapped[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    // Only a table's own column, one level down, tells whether that table was joined at all.
    table: joinsNotNullable && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  return (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | null = null;
    for (let index = 0; index < mapped.length; index++) {
      const { path, decoder, table } = mapped[index]!;
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++) {
        const chunk = path[depth]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[path.length - 1]!] = value;
      if (table !== null) {
        nullify ??= {};
        const name = path[0]!;
        if (!(name in nullify)) nullify[name] = value === null ? table : false;
        else if (typeof nullify[name] === "string" && nullify[name] !== table) nullify[name] = false;
      }
    }
    if (nullify)
      for (const [name, table] of Object.entries(nullify))
        if (typeof table === "string" && !joinsNotNullable![table]) result[name] = null;
    return result;
  };
}

type SqlitePrepared = {
  values(placeholders?: Record<string, unknown>): unknown[][];
  all: unknown;
  get: unknown;
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  stmt: { raw(on?: boolean): { get(...params: unknown[]): unknown[] | undefined } };
  getQuery(): { params: unknown[] };
};

/**
 * Gives a SQLite query prepared by Drizzle the mapper above for its `all` and `get`; any other
 * query (PostgreSQL's, one without a selection, a relational query) is left as it is.
 */
export function withRowMapper<Q>(query: Q): Q {
  if (!(query instanceof PreparedQuery)) return query;
  const prepared = query as unknown as SqlitePrepared;
  if (!prepared.fields || prepared.customResultMapper) return query;
  const map = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
  const values = prepared.values.bind(prepared);
  prepared.all = (placeholders?: Record<string, unknown>) => values(placeholders).map((row) => map(row));
  prepared.get = (placeholders?: Record<string, unknown>) => {
    const row = prepared.stmt.raw().get(...fillPlaceholders(prepared.getQuery().params, placeholders ?? {}));
    return row ? map(row) : undefined;
  };
  return query;
}
