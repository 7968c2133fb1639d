import type { Db } from "~/services/database/db.server";
import type { Material } from "~/vocabulary/materials";
import type { OperationCode } from "../../../db/waste-values";

/**
 * What a feature above learns of an operation a holder recorded on a lot, in the recording
 * transaction: the operation, the lot, and the first hand-over of its chain (whose transferor
 * was credited with the load as "diverted, fate pending" until a final operation fixes its fate).
 */
export type RecordedOperation = {
  operation: { id: number; code: OperationCode; final: boolean; weightKg: number; date: string };
  lot: { id: number; holderId: number; material: Material; parentLotId: number | null };
  firstHandover: { lotId: number; noteId: number | null; orderId: number | null; transferorId: number };
};

type OperationRecordedHandler = (tx: Db, recorded: RecordedOperation) => Promise<void>;
const recordedHandlers = new Set<OperationRecordedHandler>();

/**
 * Registers, at start-up, what runs when an operation is recorded (the impact ledger), so lots
 * need know nothing of the ledger. A handler that throws rolls the recording back. Answers the
 * handler's removal (for tests).
 */
export function onLotOperationRecorded(handler: OperationRecordedHandler): () => void {
  recordedHandlers.add(handler);
  return () => recordedHandlers.delete(handler);
}

/** Tells every registered handler of an operation just written, in its transaction. */
export async function tellOperationRecorded(tx: Db, recorded: RecordedOperation) {
  for (const handler of recordedHandlers) await handler(tx, recorded);
}
