/**
 * SQLite's SQL, as the stores write it, for PostgreSQL (decision 055). The stores keep one text
 * for both engines; what differs only in spelling is rewritten here, once per distinct text:
 *
 * - placeholders: `?` in order, and named ones (`@name`, `:name`, `$name`, their values in one
 *   object) become `$1`, `$2`, …, a name used twice keeping its one number;
 * - `INSERT OR IGNORE` becomes an insert `ON CONFLICT DO NOTHING`, and an upsert's target
 *   columns lose the table name Drizzle gives them;
 * - `ifnull(a, b)` becomes `coalesce(a, b)`, and `max(a, b)` / `min(a, b)` with two arguments
 *   (SQLite's scalar forms) `greatest` / `least`;
 * - `LIKE` becomes `ILIKE`: SQLite's LIKE ignores the case of ASCII letters;
 * - `IN (SELECT value FROM json_each(?))`, a JSON array of ids to match, reads the array as
 *   bigints matched with `= ANY` (`NOT IN`: `<> ALL`), and `json_each(list) t` joins a JSON list
 *   of words as rows of `t.value`;
 * - `CAST(… AS REAL)` becomes double precision (PostgreSQL's real has 6 digits), `AS INTEGER` bigint;
 * - a mixed-case name (`AS sessionId`, `ORDER BY lastSeenAt`) is quoted, keeping its case as SQLite does.
 *
 * Nothing inside a string literal, a quoted name or a comment is touched. What cannot be said the
 * same way on both engines (full-text search, JSON functions) is not rewritten: the store asks
 * which engine runs (isPostgres) and writes each.
 */

import { keepNewest } from "~/lib/recently-used";

type Prepared = { text: string; names: string[] | null; positional: number };

/**
 * The first MAX_NAMED distinct statements of a process are prepared by name on each connection
 * that runs them (parsed once there, not on every run) and kept for the process's life; later
 * ones, such as a list of ids of a new length, run unnamed and are kept rewritten, the oldest
 * forgotten first, MAX_KEPT of them. So no connection holds more than MAX_NAMED prepared
 * statements (for each migration that made them stale, below), and a hot statement keeps its
 * name however many others come and go.
 */
const MAX_NAMED = 500;
const MAX_KEPT = 2_000;
const namedKept = new Map<string, Prepared & { serial: number }>();
const kept = new Map<string, Prepared & { serial: null }>();
/** Changes the name of every statement, when a migration made the prepared ones stale. */
let generation = 0;

export type PostgresStatement = { text: string; values: unknown[]; name?: string };

function preparedOf(sql: string): Prepared & { serial: number | null } {
  const known = namedKept.get(sql) ?? kept.get(sql);
  if (known) return known;
  if (namedKept.size < MAX_NAMED) {
    const prepared = { ...rewrite(sql), serial: namedKept.size + 1 };
    namedKept.set(sql, prepared);
    return prepared;
  }
  return keepNewest(kept, sql, { ...rewrite(sql), serial: null }, MAX_KEPT);
}

/** The statement, its values and its name (if it has one) for PostgreSQL. */
export function toPostgres(sql: string, values: readonly unknown[]): PostgresStatement {
  const prepared = preparedOf(sql);
  const name = prepared.serial === null ? undefined : `s${generation}_${prepared.serial}`;
  // A statement without placeholders takes no values, as SQLite's driver lets it be given an
  // object of names it does not use (a WHERE left out when no filter applies).
  if (!prepared.names && !prepared.positional) return { text: prepared.text, values: [], name };
  if (!prepared.names) return { text: prepared.text, values: values.map(toDriverValue), name };
  const byName = (values[0] ?? {}) as Record<string, unknown>;
  return { text: prepared.text, values: prepared.names.map((each) => toDriverValue(byName[each])), name };
}

/**
 * After "cached plan must not change result type" (a migration by another machine changed a table
 * a prepared statement reads): every statement takes a new name, so each connection prepares it
 * again on its next run.
 */
export function renamePreparedStatements() {
  generation++;
}

/** A value as better-sqlite3 would have stored it: booleans as 1 and 0, undefined as NULL. */
function toDriverValue(value: unknown) {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return value.toString();
  return value;
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Rewrites one statement's text; exported for its tests. */
export function rewrite(sql: string): Prepared {
  let out = "";
  let positional = 0;
  const names: string[] = [];
  let usesNames = false;
  let ignoreConflicts = false;
  for (let i = 0; i < sql.length;) {
    const c = sql[i]!;
    const next = sql[i + 1];
    // Literals, quoted names and comments pass through whole.
    if (c === "'" || c === '"' || c === "`") {
      const end = closingQuote(sql, i, c);
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      out += end === -1 ? sql.slice(i) : sql.slice(i, end);
      i = end === -1 ? sql.length : end;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === "?") {
      positional++;
      out += `$${positional}`;
      i++;
      // ?NNN numbers a placeholder itself; not used by these stores.
      continue;
    }
    if ((c === "@" || c === ":" || c === "$") && next && /[A-Za-z_]/.test(next) && !(c === ":" && sql[i - 1] === ":")) {
      IDENTIFIER.lastIndex = i + 1;
      const name = IDENTIFIER.exec(sql)![0];
      usesNames = true;
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      out += `$${index + 1}`;
      i += 1 + name.length;
      continue;
    }
    if (/[A-Za-z_]/.test(c) && !/[A-Za-z0-9_$]/.test(sql[i - 1] ?? " ")) {
      IDENTIFIER.lastIndex = i;
      const word = IDENTIFIER.exec(sql)![0];
      const lower = word.toLowerCase();
      const after = i + word.length;
      if (lower === "insert") {
        const orIgnore = /^\s+or\s+ignore\b/i.exec(sql.slice(after));
        if (orIgnore) {
          out += word;
          i = after + orIgnore[0].length;
          ignoreConflicts = true;
          continue;
        }
      }
      if (lower === "ifnull" && sql[after] === "(") {
        out += "coalesce";
        i = after;
        continue;
      }
      if ((lower === "max" || lower === "min") && sql[after] === "(" && hasTopLevelComma(sql, after)) {
        out += lower === "max" ? "greatest" : "least";
        i = after;
        continue;
      }
      if (lower === "like") {
        out += "ILIKE";
        i = after;
        continue;
      }
      if (lower === "as") {
        const type = /^\s+(real|integer)\s*\)/i.exec(sql.slice(after));
        if (type) {
          out += `AS ${type[1]!.toLowerCase() === "real" ? "double precision" : "bigint"}`;
          i = after + type[0].length - 1;
          continue;
        }
      }
      // SQLite keeps a name's case; PostgreSQL folds an unquoted one to lower case, so a
      // camelCase alias (`AS sessionId`) would come back as `sessionid`. Quoting every
      // mixed-case name (not a function's) keeps it as written wherever it is used.
      if (/[a-z]/.test(word) && /[A-Z]/.test(word) && sql[after] !== "(") {
        out += `"${word}"`;
        i = after;
        continue;
      }
      out += word;
      i = after;
      continue;
    }
    out += c;
    i++;
  }
  if (ignoreConflicts) out = withConflictsIgnored(out);
  // SQLite's json_each, as the stores use it: a JSON array of ids to match, or a row's JSON list
  // of words joined as a table. The ids are matched as an array (`= ANY`): as a subquery, the
  // planner counts 100 rows for any JSON list and joins them by reading the whole table (a page
  // of sellers' ratings read every review), where an array's few values are index look-ups.
  out = out.replace(
    /\b(NOT )?IN \(SELECT value FROM json_each\(([^()]*)\)\)/gi,
    (_match, not: string | undefined, list: string) =>
      `${not ? "<> ALL" : "= ANY"}(ARRAY(SELECT value::bigint FROM json_array_elements_text((${list})::json)))`,
  );
  out = out.replace(/\bjson_each\(([^()]*)\) (?:AS )?([A-Za-z_]\w*)\b/gi, "json_array_elements_text(($1)::json) AS $2(value)");
  // Drizzle names an upsert's target columns with their table; PostgreSQL wants the bare names.
  out = out.replace(/\bon conflict \(([^)]*)\)/gi, (target, columns: string) =>
    target.replace(columns, columns.replace(/"[^"]+"\./g, "")),
  );
  if (usesNames && positional) throw new Error("A statement mixes named and positional placeholders");
  return { text: out, names: usesNames ? names : null, positional };
}

/** Where the quoted text begun at `start` ends (past its closing quote; a doubled quote is one character). */
function closingQuote(sql: string, start: number, quote: string) {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] !== quote) continue;
    if (sql[i + 1] === quote) {
      i++;
      continue;
    }
    return i + 1;
  }
  return sql.length;
}

/** Whether the parenthesised list opening at `open` has a comma of its own (not one of a nested call). */
function hasTopLevelComma(sql: string, open: number) {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      i = closingQuote(sql, i, c) - 1;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return false;
    else if (c === "," && depth === 1) return true;
  }
  return false;
}

/** `ON CONFLICT DO NOTHING` before the RETURNING clause, or at the end. */
function withConflictsIgnored(text: string) {
  const returning = /\sreturning\s/i.exec(text);
  if (returning) return `${text.slice(0, returning.index)} ON CONFLICT DO NOTHING${text.slice(returning.index)}`;
  return `${text.replace(/\s*;?\s*$/, "")} ON CONFLICT DO NOTHING`;
}
