import type { OperationCode } from "../../../db/waste-values";
import type { Material, Treatment } from "./vocabulary";

/**
 * The ledger's treatment for a final recovery or disposal operation (docs/decisions/043). R1 burns
 * for energy; R3 recycles organic substances, composting included, so organics are composted and
 * anything else recycled; R10 spreads on land for agriculture, the ledger's nearest being
 * composting; every other recovery code reclaims material (recycled). Every disposal code
 * (landfill, release, incineration without energy recovery, permanent storage) avoids nothing
 * against the landfill baseline, so each counts as landfilled. The interim codes (R12, R13, D13,
 * D14, D15) set no fate and have no treatment: null.
 */
export function operationTreatment(code: OperationCode, material: Material, final: boolean): Treatment | null {
  if (!final) return null;
  if (code.startsWith("D")) return "landfilled";
  if (code === "R1") return "energy_recovery";
  if (code === "R10") return "composted";
  if (code === "R3") return material === "organics" ? "composted" : "recycled";
  return "recycled";
}
