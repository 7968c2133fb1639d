import { formatEnteredKg, formatKg } from "~/features/impact/format";

/**
 * A lot's weights as the notes and the holders gave them, to the gram ("1,250.5 kg"); sums over
 * many lots (where the waste went) as every other figure is shown, to two decimals (decision 032).
 */
export const kg = formatEnteredKg;
export const kgSum = formatKg;

/** A share as "40%" (whole per cent; "<1%" for a sliver that is not none). */
export function share(part: number, whole: number) {
  if (whole <= 0 || part <= 0) return "0%";
  const percent = (part / whole) * 100;
  return percent < 1 ? "<1%" : `${Math.round(percent)}%`;
}
