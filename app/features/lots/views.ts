import type { ChainStep } from "./store/chain.server";
import type { NamedLot, OperationRow } from "./store/lots.server";
import type { ChainEvent, LotView, OperationView } from "./schemas";

/** Lots, operations and chains as the API and the pages show them. */

/** A business no note names any more (its note was swept after two years). */
export const UNNAMED_BUSINESS = "A business whose note has been swept";

export function lotView(lot: NamedLot): LotView {
  return {
    id: lot.id,
    holder: { member_id: lot.holderId, name: lot.holderName ?? UNNAMED_BUSINESS },
    material: lot.material,
    ewc_codes: lot.ewcCodes,
    weight_kg: lot.weightKg,
    weight_left_kg: lot.weightLeftKg,
    state: lot.state,
    parent_lot_id: lot.parentLotId,
    note_id: lot.noteId,
    note_number: lot.noteNumber,
    created_at: lot.createdAt.toISOString(),
  };
}

export function operationView(operation: OperationRow): OperationView {
  return {
    id: operation.id,
    lot_id: operation.lotId,
    code: operation.code,
    final: operation.final,
    weight_kg: operation.weightKg,
    date: operation.date,
    created_at: operation.createdAt.toISOString(),
  };
}

/** One step of a chain as the API and the pages show it; an operation is named after its lot's holder. */
export function chainEvent(step: ChainStep): ChainEvent {
  const handover = step.type === "handover";
  return {
    type: step.type,
    at: handover ? new Date(step.atMs).toISOString() : step.day!,
    lot_id: step.lotId,
    from: (handover ? step.fromName : step.toName) ?? UNNAMED_BUSINESS,
    to: handover ? (step.toName ?? UNNAMED_BUSINESS) : null,
    weight_kg: step.weightKg,
    code: step.code,
    final: handover ? null : Boolean(step.final),
    note_number: step.noteNumber,
  };
}
