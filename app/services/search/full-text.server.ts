import { sql, type SQL } from "drizzle-orm";
import { isPostgres } from "~/services/database/db.server";

/**
 * The full-text query toFtsQuery and typoTolerantFtsQuery write (FTS5's syntax), said in
 * PostgreSQL's tsquery (decision 055): `"word"*` becomes `word:*`, a correction `"word"` becomes
 * `word`, `AND` (or terms side by side) `&`, `OR` `|`; parentheses stay. The words are letters
 * and digits only, so nothing else can reach the tsquery.
 */
export function toTsQuery(ftsQuery: string): string {
  const out: string[] = [];
  // An operand just ended: a term or a closing parenthesis, after which a term needs an `&`.
  let operandEnded = false;
  for (const [token] of ftsQuery.matchAll(/"[^"]*"\*?|\(|\)|\bAND\b|\bOR\b/g)) {
    if (token === "AND" || token === "OR") {
      out.push(token === "AND" ? "&" : "|");
      operandEnded = false;
      continue;
    }
    if (token === ")") {
      out.push(")");
      operandEnded = true;
      continue;
    }
    if (operandEnded) out.push("&");
    if (token === "(") {
      out.push("(");
      operandEnded = false;
      continue;
    }
    const prefix = token.endsWith("*");
    const word = token.slice(1, prefix ? -2 : -1);
    out.push(prefix ? `${word}:*` : word);
    operandEnded = true;
  }
  return out.join(" ");
}

/** The tsquery of an FTS5 query, for a statement: words without accents, as the vectors keep them. */
const tsQuerySql = (ftsQuery: string) => sql`to_tsquery('simple', unaccent(${toTsQuery(ftsQuery)}))`;

/** On PostgreSQL: whether the row's search_vector (posts', listings') matches the FTS5 query. */
export const searchVectorMatches = (vector: SQL, ftsQuery: string) => sql`${vector} @@ ${tsQuerySql(ftsQuery)}`;

/**
 * On PostgreSQL: the row's relevance to the FTS5 query, as `-bm25(…, 10, 1, 5)` weighs a post's
 * title, content and tags (higher is better): the weights of D, C, B and A, the vector's content,
 * (unused), tags and title.
 */
export const searchRank = (vector: SQL, ftsQuery: string) =>
  sql`ts_rank_cd('{0.1, 0.2, 0.5, 1.0}', ${vector}, ${tsQuerySql(ftsQuery)})`;

/**
 * Whether `id` (of posts or listings) is among the rows matching the FTS5 query, on either
 * engine: FTS5's table on SQLite, the row's search_vector on PostgreSQL (`vector`, of the same row).
 */
export function matchesSearch(index: "posts_fts" | "listings_fts", id: SQL, vector: SQL, ftsQuery: string): SQL {
  if (isPostgres()) return searchVectorMatches(vector, ftsQuery);
  return sql`${id} IN (SELECT rowid FROM ${sql.raw(index)} WHERE ${sql.raw(index)} MATCH ${ftsQuery})`;
}
