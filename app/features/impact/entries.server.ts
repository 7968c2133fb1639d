import type { ImpactEntry } from "../../../db/schema";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import type { AppDatabase } from "~/services/db.server";
import type { Queryable } from "~/features/exchange/orders.server";
import type { EntryView } from "./wire";
import type { Material, Treatment } from "./vocabulary";

/**
 * The ledger's entries: a member records, changes and deletes their own loads; a completed order
 * writes one entry for each party. Every read and write of impact_entries goes through here (the
 * sums read impact_days, which triggers keep from these rows).
 */

/** What a member records for a load (the Process Waste form and POST /api/impact/entries), checked by schemas.ts. */
export type EntryInput = {
  date: string;
  material: Material;
  weight_kg: number;
  treatment: Treatment;
  revenue_cents?: number | null;
  note?: string | null;
};

export type EntryQuery = { from?: string; to?: string; material?: Material; treatment?: Treatment; page: number };

export type EntryRefusal = FormFailure<{ errors: Record<string, string> }>;
export type EntryOutcome = FormSuccess<{ message: string; entry: EntryView }> | EntryRefusal;

/** An entry as its member and API clients see it. */
export function entryViewOf(row: ImpactEntry): EntryView {
  return {
    id: row.id,
    date: row.date,
    material: row.material,
    weight_kg: row.weightG / 1000,
    treatment: row.treatment,
    revenue_cents: row.revenueCents,
    currency: row.currency,
    note: row.note,
    source: row.source,
    order_id: row.orderId,
    co2e_kg: row.co2eG / 1000,
    factor_table: row.factorTable,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function recordEntry(viewer: Viewer, input: EntryInput, db?: AppDatabase): EntryOutcome {
  throw new Error("not written yet");
}

/** Only the member's own recorded entries change: another member's is not-found, one from an order is forbidden. */
export function changeEntry(viewer: Viewer, id: number, input: Partial<EntryInput>, db?: AppDatabase): EntryOutcome {
  throw new Error("not written yet");
}

export function deleteEntry(viewer: Viewer, id: number, db?: AppDatabase): FormSuccess<{ message: string }> | EntryRefusal {
  throw new Error("not written yet");
}

export function getEntry(viewer: Viewer, id: number, db?: AppDatabase): EntryView | null {
  throw new Error("not written yet");
}

export function listEntries(
  viewer: Viewer,
  query: EntryQuery,
  db?: AppDatabase,
): { entries: EntryView[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } } {
  throw new Error("not written yet");
}

/**
 * Called by the order's completion, inside its transaction: one entry for each party, from the
 * weight both confirmed and the listing's material, the seller's marked to count once.
 */
export function writeOrderEntries(tx: Queryable, orderId: number): void {
  throw new Error("not written yet");
}
