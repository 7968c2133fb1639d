import { Recycle } from "lucide-react";
import { Link } from "react-router";

export const PRODUCT_NAME = "Circular Hub";

export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={`inline-flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap ${inverted ? "text-white" : "text-slate-900"}`}>
      <span className={`flex size-9 items-center justify-center rounded-xl ${inverted ? "bg-white/15" : "bg-brand-600"}`}>
        <Recycle aria-hidden className="size-5 text-white" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
