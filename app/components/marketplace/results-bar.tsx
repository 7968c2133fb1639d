import { Link } from "~/lib/link";
import { LayoutGrid, List } from "~/components/icons";
import type { MarketplacePage } from "~/features/exchange/schemas";
import { countOf } from "~/lib/plural";
import { marketplaceHref } from "./marketplace-filters";

/**
 * Why the results are not measured from anywhere though the search asked for it: the place was not
 * found, or a distance sort or radius had nothing to measure from. The search ran without it.
 */
function unmeasuredWords(query: MarketplacePage, field: string) {
  if (field === "near" && query.near) return `We could not find "${query.near}", so these results are not filtered by distance.`;
  if (field === "sort") return "These results are not sorted by distance: there is no place to measure from.";
  return "These results are not filtered by distance: there is no place to measure from.";
}

/** Above a marketplace's results: how many are shown of how many, and the grid or list switch. */
export function ResultsBar({
  base,
  query,
  shown,
  total,
  noun,
  distanceError = null,
}: {
  /** The marketplace page the switch links to (`/marketplace` or `/app/marketplace`). */
  base: string;
  query: MarketplacePage;
  shown: number;
  total: number;
  /** What the results are called ("listing", "product"). */
  noun: string;
  /** The distance the search asked for and could not have (MarketplaceFilters shows it by its field). */
  distanceError?: { field: string; message: string } | null;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <p className="text-sm text-slate-600" role="status">
        {distanceError ? (
          <>
            <span className="font-medium text-red-700">{unmeasuredWords(query, distanceError.field)}</span>{" "}
          </>
        ) : null}
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
