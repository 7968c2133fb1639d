import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { lots, transferNotes } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";
import { descendantRange, idsOnPath } from "../path";
import { lotById, type NamedLot } from "./lots.server";

/**
 * Who may see a lot, decided here for every lot query: a member who held it, one of its
 * ancestors or one of its descendants, and whoever handed the chain's first load over (the
 * first note's transferor, who holds no lot of it). Anyone else is told it does not exist.
 */
export async function visibleLot(memberId: number, lotId: number, db: Db = getDb()): Promise<NamedLot | null> {
  const lot = await lotById(db, lotId);
  if (!lot) return null;
  if (lot.holderId === memberId) return lot;
  return (await seesChainOf(db, memberId, lot)) ? lot : null;
}

async function seesChainOf(db: Db, memberId: number, lot: NamedLot) {
  const ancestors = idsOnPath(lot.path);
  const range = descendantRange(lot.path);
  const held = await db
    .select({ id: lots.id })
    .from(lots)
    .where(
      and(eq(lots.holderId, memberId), or(inArray(lots.id, ancestors), and(gte(lots.path, range.from), lt(lots.path, range.to)))),
    )
    .limit(1)
    .get();
  if (held) return true;
  const first = await db
    .select({ one: sql`1` })
    .from(lots)
    .innerJoin(transferNotes, eq(transferNotes.id, lots.noteId))
    .where(and(eq(lots.id, ancestors[0]), eq(transferNotes.transferorId, memberId)))
    .get();
  return Boolean(first);
}

/** The lot when the member holds it: what may change it (an operation, a listing from it). */
export async function heldLot(memberId: number, lotId: number, db: Db = getDb()): Promise<NamedLot | null> {
  const lot = await visibleLot(memberId, lotId, db);
  return lot && lot.holderId === memberId ? lot : null;
}
