import type { ReactNode } from "react";
import { Link } from "~/lib/link";

type PageLink = { to: string; label: string } | null | undefined;

/**
 * A list's paging: plain links (they work without JavaScript) to the page before and after. With
 * a `status` ("Page 2 of 5") between them, a missing link leaves an empty place so the status
 * stays in the middle.
 */
export function Pagination({ previous, next, status }: { previous?: PageLink; next?: PageLink; status?: ReactNode }) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      {previous ? (
        <Link to={previous.to} className="font-medium text-brand-700 hover:underline">
          {previous.label}
        </Link>
      ) : (
        <span />
      )}
      {status ? <span className="text-sm text-slate-600">{status}</span> : null}
      {next ? (
        <Link to={next.to} className="font-medium text-brand-700 hover:underline">
          {next.label}
        </Link>
      ) : status ? (
        <span />
      ) : null}
    </nav>
  );
}
