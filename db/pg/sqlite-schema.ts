/**
 * The SQLite schema as the migrations in db/migrations leave it, read from the database itself
 * (PRAGMA and sqlite_master) rather than from db/schema: some checks, indexes and columns exist
 * only in hand-written migration SQL.
 */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { checksOf, type Check } from "./sqlite-to-pg";

export type Column = { name: string; type: string; notNull: boolean; defaultSql: string | null };
export type ForeignKey = { columns: string[]; table: string; references: string[]; onUpdate: string; onDelete: string };
export type Index = { name: string; unique: boolean; sql: string };
export type Table = {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /**
   * The integer primary key SQLite fills from the rowid when an insert leaves it null (an identity
   * column on PostgreSQL); null for a table without one or whose key is a foreign key.
   */
  rowidAlias: string | null;
  foreignKeys: ForeignKey[];
  checks: Check[];
  indexes: Index[];
};

/** SQLite's internal tables and the full-text tables, which PostgreSQL replaces with tsvector columns. */
function isMirrored(name: string, virtualTables: string[]) {
  if (name.startsWith("sqlite_") || name === "__drizzle_migrations") return false;
  return !virtualTables.some((virtual) => name === virtual || name.startsWith(`${virtual}_`));
}

/** A fresh in-memory database with every migration of `migrationsFolder` applied. */
export function migratedSqlite(migrationsFolder = "db/migrations"): Database.Database {
  const sqlite = new Database(":memory:");
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder });
  return sqlite;
}

type Master = { type: string; name: string; tbl_name: string; sql: string | null };

export function readSqliteSchema(sqlite: Database.Database): Table[] {
  const master = sqlite.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name").all() as Master[];
  const virtualTables = master
    .filter((row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql ?? ""))
    .map((row) => row.name);
  return master
    .filter((row) => row.type === "table" && isMirrored(row.name, virtualTables))
    .map((row) => readTable(sqlite, row, master));
}

function readTable(sqlite: Database.Database, row: Master, master: Master[]): Table {
  const name = row.name;
  const info = sqlite.pragma(`table_xinfo("${name}")`) as {
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    pk: number;
    hidden: number;
  }[];
  if (info.some((column) => column.hidden)) throw new Error(`${name} has hidden or generated columns`);
  const columns = info.map((column) => ({
    name: column.name,
    type: column.type,
    notNull: column.notnull === 1,
    defaultSql: column.dflt_value,
  }));
  const primaryKey = info
    .filter((column) => column.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((column) => column.name);
  const withoutRowid = /\)\s*WITHOUT\s+ROWID\s*$/i.test(row.sql ?? "");
  const keyColumn = info.find((column) => column.pk > 0);

  const keyRows = sqlite.pragma(`foreign_key_list("${name}")`) as {
    id: number;
    seq: number;
    table: string;
    from: string;
    to: string | null;
    on_update: string;
    on_delete: string;
  }[];
  const foreignKeys: ForeignKey[] = [];
  for (const key of keyRows.sort((a, b) => a.id - b.id || a.seq - b.seq)) {
    if (key.seq === 0)
      foreignKeys.push({ columns: [], table: key.table, references: [], onUpdate: key.on_update, onDelete: key.on_delete });
    const current = foreignKeys[foreignKeys.length - 1];
    current.columns.push(key.from);
    if (key.to) current.references.push(key.to);
  }
  // A key naming no columns refers to the other table's primary key.
  for (const key of foreignKeys.filter((key) => !key.references.length)) {
    const target = sqlite.pragma(`table_info("${key.table}")`) as { name: string; pk: number }[];
    key.references = target.filter((column) => column.pk > 0).map((column) => column.name);
  }

  // A key that is also a foreign key (a member's one row of settings) is always given by the insert.
  const rowidAlias =
    primaryKey.length === 1 &&
    !withoutRowid &&
    keyColumn?.type.toUpperCase() === "INTEGER" &&
    !foreignKeys.some((key) => key.columns.includes(primaryKey[0]))
      ? primaryKey[0]
      : null;

  const indexRows = sqlite.pragma(`index_list("${name}")`) as { name: string; unique: number; origin: string }[];
  const indexes: Index[] = [];
  for (const index of indexRows.filter((index) => index.origin !== "pk")) {
    const created = master.find((entry) => entry.type === "index" && entry.name === index.name)?.sql;
    if (created) {
      indexes.push({ name: index.name, unique: index.unique === 1, sql: created });
      continue;
    }
    // A UNIQUE written in the table's definition: SQLite names its index itself.
    const indexColumns = (sqlite.pragma(`index_info("${index.name}")`) as { name: string }[]).map((c) => c.name);
    const indexName = `${name}_${indexColumns.join("_")}_unique`;
    const list = indexColumns.map((column) => `"${column}"`).join(", ");
    indexes.push({ name: indexName, unique: true, sql: `CREATE UNIQUE INDEX "${indexName}" ON "${name}" (${list})` });
  }
  indexes.sort((a, b) => a.name.localeCompare(b.name));

  return { name, columns, primaryKey, rowidAlias, foreignKeys, checks: checksOf(name, row.sql ?? ""), indexes };
}

/** SQLite's names for the full-text tables the PostgreSQL schema replaces. */
export function fullTextTables(sqlite: Database.Database): string[] {
  return (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}
