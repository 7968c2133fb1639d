import type { ReactNode } from "react";
import { numberFormat } from "~/lib/intl";

/**
 * How the report writes its figures. Weights and CO2e are kg with up to two decimals (kgNumber
 * in features/impact/format.ts), as on every page; rows rounded to 10 g may differ from their
 * total by a hundredth, and the CSV carries the exact grams for anyone adding them up.
 */

/** A share as a percentage with one decimal; "—" when there is nothing to divide by. */
export const shareText = (share: number | null) =>
  share === null ? "—" : numberFormat({ style: "percent", maximumFractionDigits: 1 }).format(share);

/** kg CO2e per kg of a factor cell, three decimals. */
export const factorText = (kgPerKg: number) =>
  numberFormat({ minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(kgPerKg);

export const WARM_COLUMN_LABELS: Record<string, string> = {
  landfill: "Landfilling",
  recycle: "Recycling",
  compost: "Composting",
  combust: "Combustion",
  source_reduction: "Source reduction",
};

/** A table that scrolls sideways in its own box on a narrow screen, reachable by keyboard to do so. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A box that scrolls must take focus, or a keyboard alone could never scroll it (WCAG 2.1.1).
    // `relative` makes it the containing block of what is positioned inside (screen-reader-only
    // text in its cells), which would otherwise be placed against the page and widen it.
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200 print:overflow-visible"
    >
      {children}
    </div>
  );
}
