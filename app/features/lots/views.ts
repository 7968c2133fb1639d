import type { ChainLot, ChainOperation } from "./store/chain.server";
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

/**
 * Every hand-over and operation of a chain, first to last: hand-overs at the moment the waste
 * changed hands, operations at the end of their day (a day has no hour), never before the
 * hand-over of their own lot. An operation is named after its lot's holder, as that lot's note
 * named them.
 */
export function chainEvents(rows: { lots: ChainLot[]; operations: ChainOperation[] }): ChainEvent[] {
  const holderOf = new Map(rows.lots.map((lot) => [lot.id, lot.toName]));
  const arrivalOf = new Map(rows.lots.map((lot) => [lot.id, (lot.transferredAt ?? lot.createdAt).toISOString()]));
  const events: (ChainEvent & { order: string })[] = [];
  for (const lot of rows.lots) {
    const at = (lot.transferredAt ?? lot.createdAt).toISOString();
    events.push({
      type: "handover",
      at,
      lot_id: lot.id,
      from: lot.fromName ?? UNNAMED_BUSINESS,
      to: lot.toName ?? UNNAMED_BUSINESS,
      weight_kg: lot.weightKg,
      code: null,
      final: null,
      note_number: lot.noteNumber,
      order: `${at}|0|${String(lot.id).padStart(16, "0")}`,
    });
  }
  for (const operation of rows.operations) {
    events.push({
      type: "operation",
      at: operation.date,
      lot_id: operation.lotId,
      from: holderOf.get(operation.lotId) ?? UNNAMED_BUSINESS,
      to: null,
      weight_kg: operation.weightKg,
      code: operation.code,
      final: operation.final,
      note_number: null,
      // After the hand-overs of its day, and never before its own lot's (a day has no hour).
      order: `${[`${operation.date}T23:59:59.999Z`, arrivalOf.get(operation.lotId) ?? ""].sort().at(-1)}|1|${String(operation.id).padStart(16, "0")}`,
    });
  }
  events.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  return events.map(({ order: _order, ...event }) => event);
}
