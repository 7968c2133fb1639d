import type Database from "better-sqlite3";
import pg from "pg";
import { OperatorError, type Log } from "./backup-format.server";

/**
 * The tables of a SQLite database as `npm run db:copy` copies them into PostgreSQL: which tables,
 * in what order, each row's values, and the checks after.
 */

/** Rows sent in one INSERT, at most; fewer for wide tables (PostgreSQL takes 65,535 parameters). */
const BATCH_ROWS = 1000;
const MAX_PARAMETERS = 60_000;
/** Rows compared column by column in each table besides its first and last. */
const RANDOM_SAMPLE = 20;

/**
 * Columns PostgreSQL computes that SQLite has no column for (its FTS5 tables hold the same words):
 * filled by one UPDATE after the copy, with the function the schema's trigger calls.
 */
const DERIVED_COLUMNS: Record<string, string> = {
  posts: "search_vector = posts_search_vector(title, content, tags)",
  listings: "search_vector = listings_search_vector(title, description)",
};

export type CopiedTable = {
  name: string;
  columns: string[];
  /** The primary key's columns (the rowid's alias included), in key order. */
  key: string[];
  /** The SQLite table has a rowid (it is not WITHOUT ROWID, and no column is named rowid). */
  hasRowid: boolean;
  /** SQLite's rowid is copied into PostgreSQL's `rowid` column, which stands for it there (set by checkSameSchema). */
  copiesRowid: boolean;
  /** Single-column foreign keys to the table itself: `column` refers to `references`. */
  selfReferences: { column: string; references: string }[];
  dependsOn: string[];
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const count = (n: number) => n.toLocaleString("en-US");

/** SQLite's own tables, drizzle's record of migrations, and the full-text tables with their shadow tables. */
function isCopied(name: string, virtualTables: string[]) {
  if (name.startsWith("sqlite_") || name === "__drizzle_migrations") return false;
  return !virtualTables.some((virtual) => name === virtual || name.startsWith(`${virtual}_`));
}

/** Every stored file's name the source's rows hold, read from its columns named as "table.column". */
export function storedFileNames(sqlite: Database.Database, columns: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const handle of columns) {
    const [table, column] = handle.split(".") as [string, string];
    const read = sqlite.prepare(`SELECT ${quote(column)} FROM ${quote(table)} WHERE ${quote(column)} IS NOT NULL`).pluck();
    for (const name of read.iterate()) names.add(String(name));
  }
  return names;
}

/** The tables to copy, each after the tables its foreign keys refer to. */
export function readSqliteTables(sqlite: Database.Database): CopiedTable[] {
  const all = sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
    sql: string | null;
  }[];
  const virtualTables = all.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? "")).map((table) => table.name);
  const tables = all
    .filter((table) => isCopied(table.name, virtualTables))
    .map(({ name, sql }): CopiedTable => {
      const info = sqlite.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string; pk: number }[];
      const foreignKeys = sqlite.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as {
        id: number;
        table: string;
        from: string;
        to: string | null;
      }[];
      const selfReferences = foreignKeys
        .filter((fk) => fk.table === name)
        .map((fk) => ({ column: fk.from, references: fk.to ?? info.find((column) => column.pk === 1)!.name }));
      if (new Set(foreignKeys.filter((fk) => fk.table === name).map((fk) => fk.id)).size !== selfReferences.length) {
        throw new OperatorError(`${name} refers to itself through a key of several columns, which db:copy cannot order`);
      }
      return {
        name,
        columns: info.map((column) => column.name),
        key: info
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
        hasRowid: !/WITHOUT\s+ROWID/i.test(sql ?? "") && !info.some((column) => column.name === "rowid"),
        copiesRowid: false,
        selfReferences,
        dependsOn: [...new Set(foreignKeys.map((fk) => fk.table).filter((table) => table !== name))],
      };
    });
  return inForeignKeyOrder(tables);
}

/** Tables ordered so each comes after those it refers to (alphabetical among equals). */
function inForeignKeyOrder(tables: CopiedTable[]): CopiedTable[] {
  const ordered: CopiedTable[] = [];
  const done = new Set<string>();
  const known = new Set(tables.map((table) => table.name));
  let waiting = tables;
  while (waiting.length) {
    const ready = waiting.filter((table) => table.dependsOn.every((name) => done.has(name) || !known.has(name)));
    if (!ready.length) {
      throw new OperatorError(
        `the foreign keys of ${waiting.map((table) => table.name).join(", ")} refer to each other in a circle`,
      );
    }
    for (const table of ready) done.add(table.name);
    ordered.push(...ready);
    waiting = waiting.filter((table) => !done.has(table.name));
  }
  return ordered;
}

/**
 * Refuses unless every SQLite table has a twin on PostgreSQL with the same columns, besides
 * those PostgreSQL adds (its search vectors, and `rowid` where SQLite's is read); notes the
 * tables whose rowid is copied.
 */
export async function checkSameSchema(client: pg.ClientBase, tables: CopiedTable[]) {
  const rows = (
    await client.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()",
    )
  ).rows;
  const target = new Map<string, Set<string>>();
  for (const row of rows) target.set(row.table_name, (target.get(row.table_name) ?? new Set()).add(row.column_name));
  const problems: string[] = [];
  for (const table of tables) {
    const columns = target.get(table.name);
    if (!columns) {
      problems.push(`${table.name} is not on PostgreSQL`);
      continue;
    }
    const missing = table.columns.filter((column) => !columns.has(column));
    const extra = [...columns].filter(
      (column) =>
        !table.columns.includes(column) &&
        !(column === "search_vector" && table.name in DERIVED_COLUMNS) &&
        !(column === "rowid" && table.hasRowid),
    );
    table.copiesRowid = table.hasRowid && columns.has("rowid");
    if (missing.length) problems.push(`${table.name}.${missing.join(", ")} not on PostgreSQL`);
    if (extra.length) problems.push(`${table.name}.${extra.join(", ")} not in the SQLite database`);
  }
  if (problems.length) {
    throw new OperatorError(
      `the SQLite database's tables differ from this version's PostgreSQL schema (${problems.slice(0, 5).join("; ")}${
        problems.length > 5 ? `; ${problems.length - 5} more` : ""
      }): start this version's server on the SQLite database once, so it is migrated, then copy again`,
    );
  }
}

/** The columns read from SQLite and written to PostgreSQL, SQLite's rowid first where it is copied. */
const copiedColumns = (table: CopiedTable) => [...(table.copiesRowid ? ["rowid"] : []), ...table.columns];

/**
 * The rows in an order the foreign keys accept: by rowid (or key), and where a row may refer to
 * another of its table, each after the one it refers to (its depth in the chain of references).
 */
function selectRows(table: CopiedTable) {
  const columns = copiedColumns(table)
    .map((column) => `t.${quote(column)}`)
    .join(", ");
  const order = table.hasRowid ? "t.rowid" : table.key.map((column) => `t.${quote(column)}`).join(", ") || "1";
  if (!table.selfReferences.length) return `SELECT ${columns} FROM ${quote(table.name)} t ORDER BY ${order}`;
  const name = quote(table.name);
  const target = table.selfReferences[0]!.references;
  if (table.selfReferences.some((reference) => reference.references !== target)) {
    throw new OperatorError(`${table.name} refers to itself through different columns, which db:copy cannot order`);
  }
  const roots = table.selfReferences.map((reference) => `${quote(reference.column)} IS NULL`).join(" AND ");
  const children = table.selfReferences.map((reference) => `c.${quote(reference.column)} = depth.key`).join(" OR ");
  // The depth is bounded by the number of rows, so rows referring to each other in a circle end.
  return `WITH RECURSIVE depth(key, level) AS (
      SELECT ${quote(target)}, 0 FROM ${name} WHERE ${roots}
      UNION ALL
      SELECT c.${quote(target)}, depth.level + 1 FROM ${name} c JOIN depth ON ${children}
      WHERE depth.level < (SELECT count(*) FROM ${name})
    )
    SELECT ${columns} FROM ${name} t
    LEFT JOIN (SELECT key, max(level) AS level FROM depth GROUP BY key) d ON d.key = t.${quote(target)}
    ORDER BY d.level IS NULL, d.level, ${order}`;
}

/** A value as PostgreSQL takes it: SQLite's 64-bit integers as text, so none loses a digit. */
const asParameter = (value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/**
 * Copies one table's rows in batches of multi-row INSERTs on `client` (inside the caller's
 * transaction), with the table's own triggers off: the rows arrive as SQLite kept them, derived
 * tables included, so nothing is counted twice. Answers the number of rows. (PostgreSQL checks
 * foreign keys at the end of each INSERT, so the order of rows matters between batches.)
 */
export async function copyTable(
  sqlite: Database.Database,
  client: pg.ClientBase,
  table: CopiedTable,
  log: Log,
  { batchRows = BATCH_ROWS }: { batchRows?: number } = {},
) {
  const total = (sqlite.prepare(`SELECT count(*) AS n FROM ${quote(table.name)}`).get() as { n: number }).n;
  const columns = copiedColumns(table);
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const insertOf = (rows: number) =>
    `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES ${Array.from(
      { length: rows },
      (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(", ")})`,
    ).join(", ")}`;
  await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
  let copied = 0;
  let lastLine = 0;
  let batch: unknown[][] = [];
  const flush = async () => {
    if (!batch.length) return;
    await client.query(insertOf(batch.length), batch.flat().map(asParameter));
    copied += batch.length;
    batch = [];
    if (copied === total || Date.now() - lastLine >= 2000) {
      lastLine = Date.now();
      log(`${table.name}: ${count(copied)} / ${count(total)}`);
    }
  };
  for (const row of sqlite.prepare(selectRows(table)).safeIntegers(true).raw(true).iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length === perBatch) await flush();
  }
  await flush();
  if (total === 0) log(`${table.name}: 0 / 0`);
  const derived = DERIVED_COLUMNS[table.name];
  if (derived && copied) await client.query(`UPDATE ${quote(table.name)} SET ${derived}`);
  await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
  return copied;
}

/**
 * Moves every identity's sequence past the largest id copied, and past the largest SQLite ever
 * gave (sqlite_sequence, for AUTOINCREMENT tables), so no id of a deleted row is given again.
 */
export async function advanceSequences(sqlite: Database.Database, client: pg.ClientBase) {
  const given = new Map<string, number>();
  const hasSequence = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
  if (hasSequence) {
    for (const row of sqlite.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[]) {
      given.set(row.name, row.seq);
    }
  }
  const identities = (
    await client.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
    )
  ).rows;
  for (const { table_name: tableName, column_name: column } of identities) {
    const largest = (await client.query<{ n: number | null }>(`SELECT max(${quote(column)}) AS n FROM ${quote(tableName)}`))
      .rows[0]!.n;
    const next = Math.max(Number(largest ?? 0), column === "rowid" ? 0 : (given.get(tableName) ?? 0));
    if (next > 0) {
      await client.query("SELECT setval(pg_get_serial_sequence($1, $2), $3)", [quote(tableName), column, next]);
    }
  }
  return identities.length;
}

/** Tables of the target holding rows, with how many (any table of its schema, not only the app's). */
export async function tablesWithRows(client: pg.ClientBase) {
  const tables = (
    await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).rows;
  const found: { name: string; rows: number }[] = [];
  for (const { name } of tables) {
    const rows = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(name)}`)).rows[0]!.n);
    if (rows > 0) found.push({ name, rows });
  }
  return found;
}

/** A value read from either side, comparable: numbers as numbers, text as text. */
function same(a: unknown, b: unknown) {
  if (a === null || b === null) return a === b;
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  return a === b;
}

/**
 * The checks after a copy: the same number of rows on both sides, and the first, the last and
 * some random rows of each table the same column by column. Answers the differences found.
 */
export async function compareTables(sqlite: Database.Database, client: pg.ClientBase, tables: CopiedTable[]) {
  const differences: string[] = [];
  let compared = 0;
  for (const table of tables) {
    const name = quote(table.name);
    const source = (sqlite.prepare(`SELECT count(*) AS n FROM ${name}`).get() as { n: number }).n;
    const target = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]!.n);
    if (source !== target) differences.push(`${table.name}: ${count(source)} rows in SQLite, ${count(target)} on PostgreSQL`);
    if (!table.key.length) continue;
    const keyList = table.key.map(quote).join(", ");
    const descending = table.key.map((column) => `${quote(column)} DESC`).join(", ");
    const keys = [
      ...sqlite.prepare(`SELECT ${keyList} FROM ${name} ORDER BY ${keyList} LIMIT 1`).raw(true).all(),
      ...sqlite.prepare(`SELECT ${keyList} FROM ${name} ORDER BY ${descending} LIMIT 1`).raw(true).all(),
      ...sqlite.prepare(`SELECT ${keyList} FROM ${name} ORDER BY random() LIMIT ${RANDOM_SAMPLE}`).raw(true).all(),
    ] as unknown[][];
    const columns = table.columns.map(quote).join(", ");
    const sqliteRow = sqlite.prepare(
      `SELECT ${columns} FROM ${name} WHERE ${table.key.map((column) => `${quote(column)} = ?`).join(" AND ")}`,
    );
    const pgWhere = table.key.map((column, at) => `${quote(column)} = $${at + 1}`).join(" AND ");
    for (const key of keys) {
      const expected = sqliteRow.get(...key) as Record<string, unknown>;
      const actual = (await client.query<Record<string, unknown>>(`SELECT ${columns} FROM ${name} WHERE ${pgWhere}`, key))
        .rows[0];
      compared++;
      const where = `${table.name} (${table.key.map((column, at) => `${column} ${String(key[at])}`).join(", ")})`;
      if (!actual) {
        differences.push(`${where}: not on PostgreSQL`);
        continue;
      }
      const unlike = table.columns.filter((column) => !same(expected[column], actual[column]));
      if (unlike.length) differences.push(`${where}: ${unlike.join(", ")} differ`);
    }
  }
  return { differences, compared };
}

/** A client whose 64-bit integers and numerics read as numbers, as better-sqlite3 reads SQLite's. */
export function targetClient(url: string) {
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
        ? Number
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  return new pg.Client({ connectionString: url, types });
}
