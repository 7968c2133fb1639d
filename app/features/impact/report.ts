import { CURRENT_FACTOR_TABLE, factorGrid, MATERIAL_ROWS, TREATMENT_COLUMNS, type Factor } from "./factors";
import { lastDays } from "./periods";
import { MATERIALS, TREATMENTS, type Material, type Treatment } from "./vocabulary";

/**
 * What the report page shows beside a member's figures: the ranges one click away, and the
 * method: the factor table, how each of our materials and treatments maps onto its rows and
 * columns (proxies named), and the kg CO2e one kg avoids in every cell, or why it counts zero.
 */

export type QuickRange = { label: string; from: string; to: string };

/** The last 7, 30 and 90 days and this year so far, on the member's clock. */
export function quickRanges(today: string): QuickRange[] {
  return [
    ...[7, 30, 90].map((days) => ({ label: `Last ${days} days`, ...lastDays(days, today) })),
    { label: "This year", from: `${today.slice(0, 4)}-01-01`, to: today },
  ].map(({ label, from, to }) => ({ label, from, to }));
}

export type MethodView = {
  table: typeof CURRENT_FACTOR_TABLE;
  materials: { material: Material; row: string | null; proxy?: string; why?: string }[];
  treatments: { treatment: Treatment; column: string | null; proxy?: string; why?: string }[];
  grid: { material: Material; cells: { treatment: Treatment; kgPerKg: number | null; why?: string }[] }[];
};

const cellOf = (treatment: Treatment, factor: Factor) =>
  factor.counted ? { treatment, kgPerKg: factor.kgPerKg } : { treatment, kgPerKg: null, why: factor.why };

export function methodView(): MethodView {
  const grid = factorGrid();
  return {
    table: CURRENT_FACTOR_TABLE,
    materials: MATERIALS.map((material) => {
      const mapped = MATERIAL_ROWS[material];
      if (mapped.row === null) return { material, row: null, why: mapped.why };
      // The table's own name for the row, as the factors read it.
      const counted = grid
        .find((each) => each.material === material)!
        .treatments.map(({ factor }) => factor)
        .find((factor) => factor.counted);
      return { material, row: counted?.counted ? counted.rowLabel : mapped.row, proxy: mapped.proxy };
    }),
    treatments: TREATMENTS.map((treatment) => {
      const mapped = TREATMENT_COLUMNS[treatment];
      return mapped.column === null
        ? { treatment, column: null, why: mapped.why }
        : { treatment, column: mapped.column, proxy: mapped.proxy };
    }),
    grid: grid.map(({ material, treatments }) => ({
      material,
      cells: treatments.map(({ treatment, factor }) => cellOf(treatment, factor)),
    })),
  };
}
