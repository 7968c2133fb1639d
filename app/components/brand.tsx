import { Recycle } from "~/components/icons";
import { Link } from "react-router";

export const PRODUCT_NAME = "Circular Hub";

export function BrandMark({
  inverted = false,
  compact = false,
}: {
  inverted?: boolean;
  /**
   * Below 640 px only the mark shows and the name is left to screen readers: a header that must
   * keep its menu button and sign-in link on a 320 px phone has no room for both.
   */
  compact?: boolean;
}) {
  return (
    <Link
      to="/"
      className={`inline-flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap ${inverted ? "text-white" : "text-slate-900"}`}
    >
      <span className={`flex size-9 items-center justify-center rounded-xl ${inverted ? "bg-white/15" : "bg-brand-600"}`}>
        <Recycle aria-hidden className="size-5 text-white" />
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{PRODUCT_NAME}</span>
    </Link>
  );
}
