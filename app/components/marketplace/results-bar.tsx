import { Link } from "~/lib/link";
import { LayoutGrid, List } from "~/components/icons";
import type { MarketplacePage } from "~/features/exchange/schemas";
import { countOf } from "~/lib/plural";
import { marketplaceHref } from "./marketplace-filters";

/** Above a marketplace's results: how many are shown of how many, and the grid or list switch. */
export function ResultsBar({
  base,
  query,
  shown,
  total,
  noun,
}: {
  /** The marketplace page the switch links to (`/marketplace` or `/app/marketplace`). */
  base: string;
  query: MarketplacePage;
  shown: number;
  total: number;
  /** What the results are called ("listing", "product"). */
  noun: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <p className="text-sm text-slate-600" role="status">
        Showing {shown} of {countOf(total, noun)}
      </p>
      <div className="flex gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200" role="group" aria-label="Layout">
        {(
          [
            ["grid", "Grid view", LayoutGrid],
            ["list", "List view", List],
          ] as const
        ).map(([view, label, Icon]) => (
          <Link
            key={view}
            to={marketplaceHref(base, query, { view })}
            preventScrollReset
            aria-label={label}
            aria-current={query.view === view ? "true" : undefined}
            className={`rounded-md p-1.5 ${query.view === view ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            <Icon aria-hidden className="size-5" />
          </Link>
        ))}
      </div>
    </div>
  );
}
