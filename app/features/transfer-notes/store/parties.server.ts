import { inArray } from "drizzle-orm";
import { users } from "../../../../db/schema";
import type { Db } from "~/services/database/db.server";

/** The members' names as they are now, by id: a note keeps them as they were at the transfer. */
export async function memberNamesOf(tx: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)).all();
  return new Map(rows.map((row) => [row.id, row.username]));
}
