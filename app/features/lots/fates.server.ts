import { OPERATION_CODES } from "./operations";
import { fatesOfTransferor } from "./store/fates.server";

/**
 * "Where my waste went": for a member who handed waste over, the weight of everything that
 * descended from their hand-overs whose fate a final operation fixed, by operation, and the
 * share still unknown (held, stored, or listed on with no final operation yet).
 */
export async function fatesOf(memberId: number) {
  const { handedOverKg, transfers, byCode } = await fatesOfTransferor(memberId);
  const rounded = (kg: number) => Math.round(kg * 1000) / 1000;
  const fates = [...byCode]
    .sort((a, b) => b.weightKg - a.weightKg || OPERATION_CODES.indexOf(a.code) - OPERATION_CODES.indexOf(b.code))
    .map(({ code, weightKg }) => ({ code, weight_kg: rounded(weightKg) }));
  const knownKg = fates.reduce((sum, fate) => sum + fate.weight_kg, 0);
  return { transfers, handed_over_kg: rounded(handedOverKg), fates, unknown_kg: rounded(Math.max(handedOverKg - knownKg, 0)) };
}
