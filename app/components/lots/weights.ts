import { numberFormat } from "~/lib/intl";

/** "1,250.5 kg": a lot's weights, to the gram. */
export const kg = (weightKg: number) => `${numberFormat({ maximumFractionDigits: 3 }).format(weightKg)} kg`;

/** A share as "40%" (whole per cent; "<1%" for a sliver that is not none). */
export function share(part: number, whole: number) {
  if (whole <= 0 || part <= 0) return "0%";
  const percent = (part / whole) * 100;
  return percent < 1 ? "<1%" : `${Math.round(percent)}%`;
}
