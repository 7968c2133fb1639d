import { Pagination } from "~/components/ui/pagination";

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
    <Pagination
      previous={page > 1 ? { to: href(page - 1), label: previous } : null}
      next={hasMore ? { to: href(page + 1), label: next } : null}
    />
  );
}
