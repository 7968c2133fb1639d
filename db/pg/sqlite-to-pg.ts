/**
 * Translation of SQLite schema text into PostgreSQL: column types, defaults, CHECK expressions and
 * index definitions, as read from a database migrated with db/migrations. Shared by the generator
 * (db/pg/generate-schema.ts) and the tests that compare the two engines' schemas.
 */

/** The PostgreSQL type that stores every value SQLite keeps in a column of this declared type (its affinity). */
export function pgType(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "bigint";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "text";
  if (type === "" || type.includes("BLOB")) return "bytea";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB")) return "double precision";
  throw new Error(`No PostgreSQL type for SQLite type "${declared}"`);
}

/** Milliseconds since the epoch, cut like SQLite's cast of unixepoch('subsec') * 1000. */
const NOW_MS = "(floor(extract(epoch from statement_timestamp()) * 1000))::bigint";
const NOW_S = "(floor(extract(epoch from statement_timestamp())))::bigint";

/** SQLite default expressions and what gives the same value on PostgreSQL. */
const DEFAULTS: Record<string, string> = {
  "cast(unixepoch('subsec') * 1000 as integer)": NOW_MS,
  "unixepoch() * 1000": `(${NOW_S} * 1000)`,
  "unixepoch()": NOW_S,
  CURRENT_TIMESTAMP: "to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
  // Drizzle writes a boolean column's default as a keyword; the column holds 0 or 1.
  false: "0",
  true: "1",
};

/** A column default as PostgreSQL reads it; literals stay as they are, expressions are translated. */
export function pgDefault(sqliteDefault: string): string {
  // PRAGMA table_info gives an expression default with or without its parentheses.
  const bare =
    sqliteDefault.startsWith("(") && balanced(sqliteDefault, 0).length === sqliteDefault.length - 2
      ? sqliteDefault.slice(1, -1)
      : sqliteDefault;
  if (bare in DEFAULTS) return DEFAULTS[bare];
  if (/^-?\d+(\.\d+)?$/.test(sqliteDefault) || /^'([^']|'')*'$/.test(sqliteDefault)) return sqliteDefault;
  throw new Error(`No PostgreSQL twin for the SQLite default ${sqliteDefault}`);
}

/** A GLOB pattern as an anchored POSIX regular expression ([...] classes kept). */
function globToRegex(glob: string): string {
  let regex = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === "[") {
      const end = glob.indexOf("]", index + 1);
      regex += glob.slice(index, end + 1);
      index = end;
    } else if (char === "*") regex += ".*";
    else if (char === "?") regex += ".";
    else regex += char.replace(/[.\\+^$(){}|]/g, "\\$&");
  }
  return `^${regex}$`;
}

/**
 * A CHECK or index WHERE expression in PostgreSQL's dialect: backtick identifiers quoted, GLOB as a
 * regular-expression match. The rest of what the schema uses (in, between, is null, coalesce,
 * comparisons of booleans) means the same on both engines.
 */
export function pgExpression(expression: string): string {
  return expression
    .replace(/`([^`]+)`/g, '"$1"')
    .replace(/\bglob\s+'((?:[^']|'')*)'/gi, (_, pattern: string) => `~ '${globToRegex(pattern)}'`);
}

/** The text between the parenthesis at `open` and its match, skipping quoted strings and names. */
export function balanced(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === "`") quote = char;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  throw new Error(`Unbalanced parenthesis in: ${text.slice(open, open + 80)}`);
}

export type Check = { name: string; expression: string };

/** The CHECK constraints of a CREATE TABLE statement (table and column ones), named as SQLite has them. */
export function checksOf(table: string, createSql: string): Check[] {
  const checks: Check[] = [];
  const pattern = /(?:CONSTRAINT\s+["`]?(\w+)["`]?\s+)?CHECK\s*\(/gi;
  for (let match = pattern.exec(createSql); match; match = pattern.exec(createSql)) {
    const open = match.index + match[0].length - 1;
    const expression = balanced(createSql, open);
    checks.push({ name: match[1] ?? `${table}_check${checks.length + 1}`, expression });
    pattern.lastIndex = open + expression.length + 2;
  }
  return checks;
}

/** A CREATE INDEX statement as PostgreSQL reads it (SQLite's NOCASE collation has a twin of that name). */
export function pgIndex(createSql: string): string {
  const where = /\)\s+WHERE\s+/i.exec(createSql);
  const head = where ? createSql.slice(0, where.index + 1) : createSql;
  const translated = head.replace(/`([^`]+)`/g, '"$1"').replace(/\bcollate\s+nocase\b/gi, 'COLLATE "nocase"');
  return where ? `${translated} WHERE ${pgExpression(createSql.slice(where.index + where[0].length))}` : translated;
}
