import type { Material } from "../../db/exchange-values";

/**
 * The materials a listing names and a ledger entry weighs, and their labels. The value list lives
 * in db/ so the tables' CHECK constraints use the very same one.
 */
export { MATERIALS, type Material } from "../../db/exchange-values";

export const MATERIAL_LABELS = {
  plastics: "Plastics",
  metals: "Metals",
  paper: "Paper and cardboard",
  glass: "Glass",
  organics: "Organics",
  textiles: "Textiles",
  wood: "Wood",
  electronics: "Electronics waste",
  construction: "Construction materials",
  mixed: "Mixed materials",
} as const satisfies Record<Material, string>;
