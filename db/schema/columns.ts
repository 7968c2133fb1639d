/** Column helpers every table file shares. */
import { sql } from "drizzle-orm";
import { check, integer, text } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, set by SQLite when a row is written. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** The columns of an uploaded file kept under UPLOAD_DIR (a post's media, a listing's photos). */
export const storedFile = () => ({
  /** Random file name under UPLOAD_DIR, served at /media/<file_name>. */
  fileName: text("file_name").notNull().unique(),
  /** The type recognised from the file's bytes, never the one the client declared. */
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
});

/** A check that a column holds one of a closed set of values. */
export const oneOf = (name: string, column: unknown, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`);
