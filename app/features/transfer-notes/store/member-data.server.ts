import { asc, eq, or } from "drizzle-orm";
import { transferNotes } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { noteForParty } from "./notes.server";

/** The transfer notes in a member's export: every note they are a party to, whole, oldest first. */
export async function exportedTransferNotes(memberId: number) {
  const ids = await getDb()
    .select({ id: transferNotes.id })
    .from(transferNotes)
    .where(or(eq(transferNotes.transferorId, memberId), eq(transferNotes.transfereeId, memberId)))
    .orderBy(asc(transferNotes.id))
    .all();
  const notes = [];
  for (const { id } of ids) notes.push(await noteForParty(memberId, id));
  return notes;
}
