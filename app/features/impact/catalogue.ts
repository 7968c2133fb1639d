import { CURRENT_FACTOR_TABLE, factorGrid, MATERIAL_ROWS, TREATMENT_COLUMNS } from "./factors";
import { MATERIAL_LABELS, MATERIALS, TREATMENT_LABELS, TREATMENTS } from "./vocabulary";

/**
 * GET /api/impact/materials: the materials and treatments an entry can take, the factor table new
 * entries are worked out with, each material's and treatment's place in it (and where that place
 * is a proxy), and the factor of every pair, in kg CO2e avoided per kg, or why it counts zero.
 */
export function impactCatalogue() {
  return {
    materials: MATERIALS.map((key) => {
      const row = MATERIAL_ROWS[key];
      return {
        key,
        label: MATERIAL_LABELS[key],
        factor_row: row.row,
        proxy: row.row !== null ? (row.proxy ?? null) : null,
        ...(row.row === null ? { why_zero: row.why } : {}),
      };
    }),
    treatments: TREATMENTS.map((key) => {
      const column = TREATMENT_COLUMNS[key];
      return {
        key,
        label: TREATMENT_LABELS[key],
        factor_column: column.column,
        proxy: column.column !== null ? (column.proxy ?? null) : null,
        ...(column.column === null ? { why_zero: column.why } : {}),
      };
    }),
    factors: { ...CURRENT_FACTOR_TABLE },
    grid: factorGrid().map(({ material, treatments }) => ({
      material,
      treatments: treatments.map(({ treatment, factor }) =>
        factor.counted
          ? { treatment, kg_co2e_per_kg: factor.kgPerKg, factor_row: factor.rowLabel, proxies: factor.proxies, why_zero: null }
          : { treatment, kg_co2e_per_kg: 0, factor_row: null, proxies: [], why_zero: factor.why },
      ),
    })),
  };
}
