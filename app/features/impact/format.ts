import { numberFormat } from "~/lib/intl";
import { MATERIAL_LABELS, type Material, type Treatment } from "./vocabulary";

/**
 * The ledger's figures as pages and messages write them, by one rule (docs/decisions/032): a weight
 * or a CO2e figure is kg, to two decimals at most, with thousands separators ("1,939.44 kg"),
 * wherever it is shown: cards, the report, tables, charts, mails and toasts. The one exception is
 * a single load's own weight as the member entered it, which keeps its grams ("250.125 kg"). The
 * CSV export writes exact numbers without separators, for machines. Plain functions, so the
 * browser and the server write them alike.
 */

const upToTwo = numberFormat({ maximumFractionDigits: 2 });
const upToThree = numberFormat({ maximumFractionDigits: 3 });

/** "1,234.57": a figure in kg, to two decimals at most. */
export const kgNumber = (kg: number) => upToTwo.format(kg);

/** "1,234.57 kg". */
export const formatKg = (kg: number) => `${kgNumber(kg)} kg`;

/** "1,234.567 kg": one load's weight as it was entered, to the gram. */
export const formatEnteredKg = (kg: number) => `${upToThree.format(kg)} kg`;

/** "12.5 kg CO2e avoided", or what a negative figure means. */
export function co2eAvoided(kg: number) {
  if (kg < 0) return `${kgNumber(-kg)} kg CO2e more than landfill`;
  return `${kgNumber(kg)} kg CO2e avoided`;
}

/** "48.2 kg CO2e". */
export const formatCo2e = (kg: number) => `${formatKg(kg)} CO2e`;

/** A material as a sentence names it: "paper and cardboard". */
export const materialInText = (material: Material) => MATERIAL_LABELS[material].toLowerCase();

/** What happened to a load, as a sentence ends: "120 kg of metals reused". */
export const TREATMENT_IN_TEXT = {
  collected: "collected",
  reused: "reused",
  recycled: "recycled",
  composted: "composted",
  energy_recovery: "sent to energy recovery",
  landfilled: "landfilled",
} as const satisfies Record<Treatment, string>;

export type Change = { kind: "up" | "down" | "same" | "new"; text: string };

/**
 * A figure against the same-length period before it: "+12.5% vs previous 30 days". A previous
 * figure of zero has no ratio, so it says "New this period" or "No change" instead of Infinity.
 */
export function changeOf(current: number, previous: number, days: number): Change {
  const versus = `vs previous ${days} days`;
  if (previous === 0) {
    if (current === 0) return { kind: "same", text: "No change" };
    // A first figure below zero (more CO2e than landfill would have emitted) is no good news.
    return current > 0 ? { kind: "new", text: "New this period" } : { kind: "down", text: "Below zero this period" };
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  if (percent === 0) return { kind: "same", text: `No change ${versus}` };
  const sign = percent > 0 ? "+" : "−";
  return {
    kind: percent > 0 ? "up" : "down",
    text: `${sign}${numberFormat({ maximumFractionDigits: 1 }).format(Math.abs(percent))}% ${versus}`,
  };
}
