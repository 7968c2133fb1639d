import warmCsv from "./factors/epa-warm-v16-summary.csv?raw";
import type { Material, Treatment } from "./vocabulary";

/**
 * How much CO2e a load avoided: the one place the figure is worked out. The factors are a
 * published table shipped as data (factors/*.csv); each entry stores the key of the table it was
 * worked out with, and its figure, so a later edition never rewrites old entries.
 *
 * The default is U.S. EPA WARM v16: its factors are net life-cycle emissions per short ton, with
 * the avoided production of new material already in them, so a treatment's saving against
 * landfill is `tonnes × (landfill − treatment)`. (UK DESNZ factors are inventory figures: their
 * landfill − recycling difference is only the transport to treatment, not a saving.)
 */

/** Short tons in a metric tonne: WARM's factors are per short ton (0.90718474 t). */
export const SHORT_TONS_PER_TONNE = 1 / 0.90718474;

export type FactorTable = {
  key: string;
  name: string;
  edition: string;
  licence: string;
  citation: string;
  /** How the figures came to be here, for a careful reader. */
  provenance: string;
  method: string;
};

export const WARM_V16: FactorTable = {
  key: "epa-warm-v16",
  name: "U.S. EPA Waste Reduction Model (WARM)",
  edition: "Version 16 (December 2023)",
  licence: "A U.S. federal work, not under copyright (public domain).",
  citation: "U.S. EPA, Waste Reduction Model (WARM), Version 16, 2023",
  provenance:
    "The Summary Data rows as transcribed in public code and spot-checked against other independent transcriptions, not taken from EPA's own spreadsheet.",
  method:
    "CO2e avoided = weight in tonnes × 1.10231 short tons per tonne × (the material's landfill factor − its factor for the treatment), in t CO2e. Landfill is the baseline, so a landfilled load avoids nothing; a negative figure means the treatment emitted more than landfill would have (wood burnt for energy, whose landfill factor counts the carbon it stores).",
};

/** The table new entries are worked out with. */
export const CURRENT_FACTOR_TABLE = WARM_V16;

/** The tables entries may name, by their key: an entry's figure shows with the name of the table it was worked out with. */
export function factorTableOf(key: string): FactorTable {
  return [WARM_V16].find((table) => table.key === key) ?? { ...CURRENT_FACTOR_TABLE, key, name: key, edition: "" };
}

type WarmColumn = "landfill" | "recycle" | "compost" | "combust" | "source_reduction";
type WarmRow = { key: string; label: string } & Partial<Record<WarmColumn, number>>;

function parseWarm(csv: string): Map<string, WarmRow> {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const columns = header!.split(",");
  const rows = new Map<string, WarmRow>();
  for (const line of lines) {
    const cells = line.split(",");
    const row: WarmRow = { key: cells[0]!, label: cells[columns.indexOf("warm_material")]! };
    for (const column of ["landfill", "recycle", "compost", "combust", "source_reduction"] as const) {
      const cell = cells[columns.indexOf(column)];
      if (cell) row[column] = Number(cell);
    }
    rows.set(row.key, row);
  }
  return rows;
}

const warmRows = parseWarm(warmCsv);

/** Our material's WARM row, and whether it is a proxy (a narrower row standing for a broader material). */
export const MATERIAL_ROWS: Record<Material, { row: string; proxy?: string } | { row: null; why: string }> = {
  plastics: { row: "mixed_plastics" },
  metals: { row: "mixed_metals" },
  paper: { row: "mixed_paper", proxy: "Mixed Paper (general) stands for all paper and cardboard." },
  glass: { row: "glass" },
  organics: { row: "food_waste", proxy: "Food Waste stands for all organics." },
  textiles: { row: "carpet", proxy: "Carpet is the nearest row to textiles in this table." },
  wood: { row: "dimensional_lumber", proxy: "Dimensional Lumber stands for all wood." },
  electronics: { row: "mixed_electronics" },
  construction: { row: "concrete", proxy: "Concrete stands for construction and demolition material." },
  mixed: { row: null, why: "No row fits a mixed load, so mixed loads count zero." },
};

/** Our treatment's WARM column; landfill is the baseline itself. */
export const TREATMENT_COLUMNS: Record<Treatment, { column: WarmColumn; proxy?: string } | { column: null; why: string }> = {
  collected: { column: null, why: "A collected load claims no treatment yet, so it counts zero." },
  reused: { column: "source_reduction", proxy: "Source reduction is the usual stand-in for reuse." },
  recycled: { column: "recycle" },
  composted: { column: "compost" },
  energy_recovery: { column: "combust" },
  landfilled: { column: "landfill" },
};

export type Factor =
  | { counted: true; row: string; rowLabel: string; column: WarmColumn; kgPerKg: number; proxies: string[] }
  | { counted: false; why: string };

/** The kg CO2e one kg of the material avoids by the treatment, or why it counts zero. */
export function factorFor(material: Material, treatment: Treatment): Factor {
  const materialRow = MATERIAL_ROWS[material];
  const treatmentColumn = TREATMENT_COLUMNS[treatment];
  if (materialRow.row === null) return { counted: false, why: materialRow.why };
  if (treatmentColumn.column === null) return { counted: false, why: treatmentColumn.why };
  const row = warmRows.get(materialRow.row)!;
  const landfill = row.landfill;
  const treated = row[treatmentColumn.column];
  if (landfill === undefined || treated === undefined) {
    return {
      counted: false,
      why: `The table has no ${treatmentColumn.column.replace("_", " ")} factor for ${row.label}, so this counts zero.`,
    };
  }
  return {
    counted: true,
    row: materialRow.row,
    rowLabel: row.label,
    column: treatmentColumn.column,
    kgPerKg: SHORT_TONS_PER_TONNE * (landfill - treated),
    proxies: [materialRow.proxy, treatmentColumn.proxy].filter((text): text is string => text !== undefined),
  };
}

/** The grams of CO2e a load of `weightG` grams avoided: whole grams, as entries store them. */
export function co2eGramsOf(material: Material, treatment: Treatment, weightG: number) {
  const factor = factorFor(material, treatment);
  // `+ 0` turns the -0 of a tiny negative saving into 0.
  return factor.counted ? Math.round(weightG * factor.kgPerKg) + 0 : 0;
}

/** Every material and treatment with its factor: the report's method table and GET /api/impact/materials. */
export function factorGrid() {
  return (Object.keys(MATERIAL_ROWS) as Material[]).map((material) => ({
    material,
    treatments: (Object.keys(TREATMENT_COLUMNS) as Treatment[]).map((treatment) => ({
      treatment,
      factor: factorFor(material, treatment),
    })),
  }));
}
