import { Link } from "react-router";

/**
 * The admin lists' paging: plain links (they work without JavaScript), shown only when there is
 * another page. `href` makes a page's address with the list's own filters.
 */
export function PageLinks({
  page,
  hasMore,
  href,
  previous = "Previous page",
  next = "Next page",
}: {
  page: number;
  hasMore: boolean;
  href: (page: number) => string;
  previous?: string;
  next?: string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-brand-700 hover:underline">
          {previous}
        </Link>
      ) : (
        <span />
      )}
      {hasMore ? (
        <Link to={href(page + 1)} className="font-medium text-brand-700 hover:underline">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}
