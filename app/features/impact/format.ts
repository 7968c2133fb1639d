import { numberFormat } from "~/lib/intl";

/**
 * The ledger's figures as pages and messages write them. Plain functions, so the browser and the
 * server write them alike.
 */

/** "1,234.5": kg to the gram at most, as the ledger keeps them. */
export const kgNumber = (kg: number) => numberFormat({ maximumFractionDigits: 3 }).format(kg);

/** "1,234.5 kg". */
export const formatKg = (kg: number) => `${kgNumber(kg)} kg`;

/** "12.5 kg CO2e avoided", or what a negative figure means. */
export function co2eAvoided(kg: number) {
  if (kg < 0) return `${kgNumber(-kg)} kg CO2e more than landfill`;
  return `${kgNumber(kg)} kg CO2e avoided`;
}
