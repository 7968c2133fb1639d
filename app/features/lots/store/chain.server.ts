import { and, eq, gte, inArray, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { lotOperations, lots, transferNotes } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";
import type { OperationCode } from "../../../../db/waste-values";
import { descendantRange, idsOnPath } from "../path";

/**
 * A lot's chain as stored: the lots on its path (its ancestors and itself) and below it (its
 * descendants), each with the note that gave it, and the operations recorded on any of them.
 * Two reads, each an index range (the ids on the path, then the path's range), whatever the
 * chain's length.
 */

export type ChainLot = {
  id: number;
  parentLotId: number | null;
  weightKg: number;
  createdAt: Date;
  noteNumber: string | null;
  transferredAt: Date | null;
  fromName: string | null;
  toName: string | null;
};

export type ChainOperation = { id: number; lotId: number; code: OperationCode; final: boolean; weightKg: number; date: string };

const lot = alias(lots, "chain_lot");

export async function chainRows(path: string): Promise<{ lots: ChainLot[]; operations: ChainOperation[] }> {
  const db = getDb();
  const range = descendantRange(path);
  const onChain = or(inArray(lot.id, idsOnPath(path)), and(gte(lot.path, range.from), lt(lot.path, range.to)));
  const chainLots = db
    .select({
      id: lot.id,
      parentLotId: lot.parentLotId,
      weightKg: lot.weightKg,
      createdAt: lot.createdAt,
      noteNumber: transferNotes.number,
      transferredAt: transferNotes.transferredAt,
      fromName: sql<string | null>`json_extract(${transferNotes.transferor}, '$.legal_name')`,
      toName: sql<string | null>`json_extract(${transferNotes.transferee}, '$.legal_name')`,
    })
    .from(lot)
    .leftJoin(transferNotes, eq(transferNotes.id, lot.noteId))
    .where(onChain)
    .all();
  const operations = db
    .select({
      id: lotOperations.id,
      lotId: lotOperations.lotId,
      code: lotOperations.code,
      final: lotOperations.final,
      weightKg: lotOperations.weightKg,
      date: lotOperations.date,
    })
    .from(lot)
    .innerJoin(lotOperations, eq(lotOperations.lotId, lot.id))
    .where(onChain)
    .all();
  return { lots: chainLots, operations };
}
