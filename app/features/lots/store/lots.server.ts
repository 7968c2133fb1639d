import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { listingLots, listings, lotOperations, lots, orders, transferNotes } from "../../../../db/schema";
import { getDb, type Db, changedRows } from "~/services/database/db.server";
import type { Material } from "~/vocabulary/materials";
import type { LotState, OperationCode } from "../../../../db/waste-values";
import { descendantRange } from "../path";

/**
 * Lots as stored. Weights are kilograms with at most three decimals: every sum and difference is
 * rounded to the gram in SQL (`round(x, 3)`), so a lot taken to its last gram reads 0, not 1e-13.
 */

export type LotRow = typeof lots.$inferSelect;
export type OperationRow = typeof lotOperations.$inferSelect;

/** A lot with what its note says of it: the note's number and the holder's business as named there. */
export type NamedLot = LotRow & { noteNumber: string | null; holderName: string | null };

const holderName = sql<string | null>`json_extract(${transferNotes.transferee}, '$.legal_name')`;

function namedLots(db: Db) {
  return db
    .select({ lot: lots, noteNumber: transferNotes.number, holderName })
    .from(lots)
    .leftJoin(transferNotes, eq(transferNotes.id, lots.noteId));
}

const named = (row: { lot: LotRow; noteNumber: string | null; holderName: string | null }): NamedLot => ({
  ...row.lot,
  noteNumber: row.noteNumber,
  holderName: row.holderName,
});

export async function lotById(db: Db, id: number): Promise<NamedLot | null> {
  const row = await namedLots(db).where(eq(lots.id, id)).get();
  return row ? named(row) : null;
}

/** A member's lots in one state, newest first, with the total. */
export async function lotsOfHolder(holderId: number, state: LotState, page: number, limit: number) {
  const db = getDb();
  const where = and(eq(lots.holderId, holderId), eq(lots.state, state));
  const rows = (
    await namedLots(db)
      .where(where)
      .orderBy(desc(lots.createdAt), desc(lots.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all()
  ).map(named);
  const total = (await db.select({ total: count() }).from(lots).where(where).get())!.total;
  return { rows, total };
}

/**
 * Writes a lot and sets its path (its parent's path and its own id): one INSERT and one UPDATE in
 * the caller's transaction. Answers its id.
 */
export async function insertLot(
  tx: Db,
  values: { holderId: number; material: Material; ewcCodes: string[]; weightKg: number; noteId: number },
  parent: { id: number; path: string } | null,
): Promise<number> {
  const { id } = await tx
    .insert(lots)
    .values({ ...values, weightLeftKg: values.weightKg, parentLotId: parent?.id ?? null, path: "" })
    .returning({ id: lots.id })
    .get();
  await tx
    .update(lots)
    .set({ path: `${parent?.path ?? "/"}${id}/` })
    .where(eq(lots.id, id))
    .run();
  return id;
}

/**
 * Takes `weightKg` out of a lot's weight left and closes it at zero, unless less is left: then
 * nothing changes and it answers false. One conditional UPDATE, so two takings never both pass.
 */
export async function takeFromLot(tx: Db, lotId: number, weightKg: number): Promise<boolean> {
  const left = sql`round(${lots.weightLeftKg} - ${weightKg}, 3)`;
  const result = await tx
    .update(lots)
    .set({ weightLeftKg: sql`max(${left}, 0)`, state: sql`case when ${left} <= 0 then 'closed' else 'open' end` })
    .where(and(eq(lots.id, lotId), sql`${left} >= 0`))
    .run();
  return changedRows(result) === 1;
}

/** The lot a note gave its transferee, if it gave one. */
export async function lotOfNote(db: Db, noteId: number): Promise<LotRow | null> {
  return (await db.select().from(lots).where(eq(lots.noteId, noteId)).get()) ?? null;
}

/**
 * Adds `deltaKg` (negative to take) to a lot's weight left, and to its weight and note when the
 * lot's own note was corrected; the lot is open while weight is left and closed at zero.
 */
export async function changeLotWeight(tx: Db, lotId: number, deltaKg: number, ownNote?: { noteId: number }) {
  const left = sql`round(${lots.weightLeftKg} + ${deltaKg}, 3)`;
  await tx
    .update(lots)
    .set({
      weightLeftKg: sql`max(${left}, 0)`,
      state: sql`case when ${left} <= 0 then 'closed' else 'open' end`,
      ...(ownNote ? { weightKg: sql`round(${lots.weightKg} + ${deltaKg}, 3)`, noteId: ownNote.noteId } : {}),
    })
    .where(eq(lots.id, lotId))
    .run();
}

/** The lot a listing was made from, if it was. */
export async function lotOfListing(db: Db, listingId: number): Promise<LotRow | null> {
  return (
    (
      await db
        .select({ lot: lots })
        .from(listingLots)
        .innerJoin(lots, eq(lots.id, listingLots.lotId))
        .where(eq(listingLots.listingId, listingId))
        .get()
    )?.lot ?? null
  );
}

/** A listing's unit, kind and codes: a lot is waste, offered (sale or free), by weight. */
export async function listingTerms(db: Db, listingId: number) {
  return db
    .select({ unit: listings.unit, kind: listings.kind, ewcCodes: listings.ewcCodes })
    .from(listings)
    .where(eq(listings.id, listingId))
    .get();
}

export async function insertListingLot(tx: Db, listingId: number, lotId: number) {
  await tx.insert(listingLots).values({ listingId, lotId }).run();
}

/**
 * What the listings made from a lot still claim of it, in kg: each listing not closed claims what
 * it has left, and every listing its accepted orders (taken out of what the listing has left, but
 * not yet out of the lot, which falls when the order completes).
 */
export async function claimedOfLot(lotId: number, db: Db = getDb()): Promise<number> {
  const kg = (quantity: unknown) => sql`(case when ${listings.unit} = 't' then ${quantity} * 1000 else ${quantity} end)`;
  const open = (await db
    .select({ kg: sql<number>`coalesce(sum(${kg(listings.quantityLeft)}), 0)` })
    .from(listingLots)
    .innerJoin(listings, eq(listings.id, listingLots.listingId))
    .where(and(eq(listingLots.lotId, lotId), sql`${listings.status} <> 'closed'`))
    .get())!.kg;
  const accepted = (await db
    .select({ kg: sql<number>`coalesce(sum(${kg(orders.quantity)}), 0)` })
    .from(listingLots)
    .innerJoin(listings, eq(listings.id, listingLots.listingId))
    .innerJoin(orders, eq(orders.listingId, listings.id))
    .where(and(eq(listingLots.lotId, lotId), eq(orders.state, "accepted")))
    .get())!.kg;
  return Math.round((open + accepted) * 1000) / 1000;
}

export async function insertOperation(
  tx: Db,
  values: { lotId: number; code: OperationCode; weightKg: number; date: string; final: boolean; recordedBy: number },
) {
  return tx.insert(lotOperations).values(values).returning().get();
}

/** The operations recorded on a lot, in the order they were done. */
export async function operationsOfLot(db: Db, lotId: number) {
  return db
    .select()
    .from(lotOperations)
    .where(eq(lotOperations.lotId, lotId))
    .orderBy(asc(lotOperations.date), asc(lotOperations.id))
    .all();
}

/** The first lot of a lot's chain, and who handed it over first (its note's transferor; null once the note was swept). */
export async function firstHandoverOf(db: Db, path: string) {
  const rootId = Number(path.split("/")[1]);
  return (await db
    .select({
      lotId: lots.id,
      noteId: lots.noteId,
      noteNumber: transferNotes.number,
      orderId: transferNotes.orderId,
      transferorId: transferNotes.transferorId,
    })
    .from(lots)
    .leftJoin(transferNotes, eq(transferNotes.id, lots.noteId))
    .where(eq(lots.id, rootId))
    .get())!;
}

export { descendantRange };
