import { asc, eq, inArray } from "drizzle-orm";
import { lotOperations, lots } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";

/** The lots in a member's export: those they hold or held, each with the operations recorded on it. */
export async function exportedLots(memberId: number) {
  const db = getDb();
  const held = await db.select().from(lots).where(eq(lots.holderId, memberId)).orderBy(asc(lots.id)).all();
  const operations = held.length
    ? await db
        .select()
        .from(lotOperations)
        .where(
          inArray(
            lotOperations.lotId,
            held.map((lot) => lot.id),
          ),
        )
        .orderBy(asc(lotOperations.id))
        .all()
    : [];
  return held.map((lot) => ({
    id: lot.id,
    material: lot.material,
    ewc_codes: lot.ewcCodes,
    weight_kg: lot.weightKg,
    weight_left_kg: lot.weightLeftKg,
    state: lot.state,
    parent_lot_id: lot.parentLotId,
    note_id: lot.noteId,
    created_at: lot.createdAt.toISOString(),
    operations: operations
      .filter((operation) => operation.lotId === lot.id)
      .map((operation) => ({
        code: operation.code,
        weight_kg: operation.weightKg,
        date: operation.date,
        final: operation.final,
        recorded_by: operation.recordedBy,
      })),
  }));
}
