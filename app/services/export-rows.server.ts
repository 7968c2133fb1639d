import { statement } from "./database/db.server";
import { getEnv } from "./env.server";
import { mediaUrl } from "./media.server";

/**
 * How the features' parts of a member's export read and shape their rows
 * (app/features/account/export.server.ts makes the document): times as ISO text, flags as
 * booleans, JSON columns parsed, files as the whole addresses they are served at.
 */

export type Row = Record<string, unknown>;

export const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
export const bool = (value: number) => value === 1;

/** The rows of a query with the member's id as @id. */
export async function memberRows<T = Row>(sql: string, id: number): Promise<T[]> {
  return (await statement(sql).all({ id })) as T[];
}

/** Columns holding milliseconds, turned into ISO times; JSON text columns parsed. */
export function shaped(row: Row, { times = [], json = [] }: { times?: string[]; json?: string[] } = {}) {
  const out: Row = { ...row };
  for (const key of times) out[key] = iso(out[key] as number | null);
  for (const key of json) out[key] = JSON.parse(String(out[key] ?? "null"));
  return out;
}

/** A media file's address as a member outside the site would open it. */
export const mediaAddress = (fileName: string) => `${getEnv().appUrl}${mediaUrl(fileName)}`;

/** Moderators' hiding, as the member's own copy says it. */
export const hiding = (row: Row) => ({ hidden: row.hidden_at !== null, hidden_at: iso(row.hidden_at as number | null) });

export function groupBy<T extends Row>(rows: T[], key: keyof T) {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) {
    const list = groups.get(row[key]) ?? [];
    list.push(row);
    groups.set(row[key], list);
  }
  return groups;
}
