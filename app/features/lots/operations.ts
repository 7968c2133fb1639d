import { INTERIM_OPERATIONS, OPERATION_CODES, type OperationCode } from "../../../db/waste-values";

/**
 * The recovery (R) and disposal (D) operations as a holder records them and a chain tells them:
 * plain values, so pages may import them. The descriptions are the Waste Framework Directive's
 * annexes, as app/content/waste/recovery-disposal-codes.csv holds them.
 */

export { OPERATION_CODES, type OperationCode };

/** Whether the operation fixes the weight's fate: every code but storage, exchange, blending and repackaging. */
export const isFinalOperation = (code: OperationCode) => !INTERIM_OPERATIONS.includes(code);

/** What was done, as a sentence says it after "Your load … was": "recycled", "landfilled". */
const VERBS: Record<OperationCode, string> = {
  R1: "used as fuel",
  R2: "reclaimed as solvent",
  R3: "recycled",
  R4: "recycled",
  R5: "recycled",
  R6: "regenerated",
  R7: "recovered",
  R8: "recovered",
  R9: "re-refined",
  R10: "spread on land for its benefit",
  R11: "reused",
  R12: "exchanged for recovery",
  R13: "stored for recovery",
  D1: "landfilled",
  D2: "treated on land",
  D3: "injected deep underground",
  D4: "impounded",
  D5: "landfilled",
  D6: "released into water",
  D7: "released at sea",
  D8: "treated biologically for disposal",
  D9: "treated for disposal",
  D10: "incinerated",
  D11: "incinerated at sea",
  D12: "stored permanently",
  D13: "blended for disposal",
  D14: "repackaged for disposal",
  D15: "stored for disposal",
};

/** Each code's name in a list or a table: "R3 Recycling of organic substances". */
const NAMES: Record<OperationCode, string> = {
  R1: "Use as a fuel or to generate energy",
  R2: "Solvent reclamation",
  R3: "Recycling of organic substances",
  R4: "Recycling of metals",
  R5: "Recycling of other inorganic materials",
  R6: "Regeneration of acids or bases",
  R7: "Recovery of pollution-abatement components",
  R8: "Recovery of catalyst components",
  R9: "Oil re-refining or reuse",
  R10: "Land treatment benefiting agriculture or ecology",
  R11: "Use of wastes from R1 to R10",
  R12: "Exchange for R1 to R11 (interim)",
  R13: "Storage pending R1 to R12 (interim)",
  D1: "Landfill",
  D2: "Land treatment",
  D3: "Deep injection",
  D4: "Surface impoundment",
  D5: "Specially engineered landfill",
  D6: "Release into a water body",
  D7: "Release into seas or oceans",
  D8: "Biological treatment for disposal",
  D9: "Physico-chemical treatment for disposal",
  D10: "Incineration on land",
  D11: "Incineration at sea",
  D12: "Permanent storage",
  D13: "Blending before disposal (interim)",
  D14: "Repackaging before disposal (interim)",
  D15: "Storage pending disposal (interim)",
};

export const operationVerb = (code: OperationCode) => VERBS[code];
export const operationName = (code: OperationCode) => NAMES[code];
