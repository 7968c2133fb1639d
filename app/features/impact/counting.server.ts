import type { RecordedOperation } from "~/features/lots/operation-recorded.server";
import type { Db } from "~/services/database/db.server";
import { co2eGramsOf, CURRENT_FACTOR_TABLE } from "./factors";
import { operationTreatment } from "./operation-treatment";
import { orderLedgerGrams } from "./order-treatment";
import { insertOperationEntries, pendingCredit } from "./store/entries.server";

/**
 * Called when a holder records an operation on a lot, inside its transaction
 * (docs/decisions/043-counting-each-kilogram-once.md). An interim operation (storage, exchange,
 * blending, repackaging) sets no fate: the load stays "diverted, fate pending" with its first
 * transferor, and nothing is written. A final one writes the holder's `recovered` entry, with the
 * treatment it set and the CO2e of its weight, and moves as much of the first transferor's pending
 * credit (their `credit_moved` entry: the weight, the CO2e taken back): the load's weight across
 * members stays what its first hand-over counted, under the treatment the operation set.
 */
export async function creditOperation(tx: Db, recorded: RecordedOperation): Promise<void> {
  const { operation, lot, firstHandover } = recorded;
  const treatment = operationTreatment(operation.code, lot.material, operation.final);
  const weightG = orderLedgerGrams(operation.weightKg);
  if (treatment === null || weightG === null) return;
  const pending =
    firstHandover.orderId === null ? null : await pendingCredit(tx, firstHandover.orderId, firstHandover.transferorId);
  const movedG = pending ? Math.min(weightG, Math.max(pending.weightG, 0)) : 0;
  const common = {
    source: "operation" as const,
    lotOperationId: operation.id,
    orderId: firstHandover.orderId,
    date: operation.date,
    factorTable: CURRENT_FACTOR_TABLE.key,
    countsOnce: true,
  };
  const rows: Parameters<typeof insertOperationEntries>[1] = [
    {
      ...common,
      memberId: lot.holderId,
      role: "recovered",
      material: lot.material,
      treatment,
      weightG,
      co2eG: co2eGramsOf(lot.material, treatment, weightG),
      note: `${operation.code} on lot ${lot.id}`,
    },
  ];
  if (pending && movedG > 0) {
    // The share of what is left, so the last operation takes exactly what was still pending.
    const movedCo2eG = Math.round((pending.co2eG * movedG) / pending.weightG);
    rows.push({
      ...common,
      memberId: firstHandover.transferorId,
      role: "credit_moved",
      // The expected treatment, so the load's weight across members leaves it for the one set.
      material: pending.material,
      treatment: pending.treatment,
      weightG: movedG,
      co2eG: -movedCo2eG + 0,
      note: `Fate set by ${operation.code} on lot ${lot.id}: its CO2e is credited to the holder who recorded it`,
    });
  }
  await insertOperationEntries(tx, rows);
}
