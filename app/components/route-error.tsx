import { useId } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { Link } from "~/lib/link";
import { DATABASE_BUSY_MESSAGE } from "~/services/http/busy";
import { STORAGE_FULL_MESSAGE } from "~/services/storage";

/** What "not found" means on a page: the thing it shows, in a member's words. */
type NotFoundText = { title: string; message: string };

/** A way on from the error: the page's parent, the dashboard, the home page. */
type ErrorLink = { to: string; label: string };

const PAGE_NOT_FOUND: NotFoundText = { title: "Page not found", message: "That page doesn't exist or isn't yours to see." };

/**
 * A route's error as a status, a title and a sentence. A thing that does not exist and one the
 * member may not see read the same, so a 404 never tells which. Outside development nothing of
 * the error itself is shown: its text may carry internals.
 */
function describeRouteError(error: unknown, notFound: NotFoundText = PAGE_NOT_FOUND) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, ...notFound };
    if (error.status === 507 || (error.status === 503 && error.data === STORAGE_FULL_MESSAGE)) {
      return { status: error.status, title: "Out of storage space", message: STORAGE_FULL_MESSAGE };
    }
    if (error.status === 503) {
      return {
        status: 503,
        title: "Busy right now",
        message: typeof error.data === "string" ? error.data : DATABASE_BUSY_MESSAGE,
      };
    }
    if (error.status === 405) return { status: 405, title: "Not allowed", message: "This page does not accept that request." };
    if (error.status < 500) {
      return {
        status: error.status,
        title: "Request not accepted",
        message: "We could not handle that request. Please go back and try again.",
      };
    }
  }
  const message =
    import.meta.env.DEV && error instanceof Error
      ? error.message
      : "An unexpected error occurred on our side. Please try again in a moment.";
  return { status: isRouteErrorResponse(error) ? error.status : 500, title: "Something went wrong", message };
}

const primaryLink = "rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700";
const secondaryLink = "rounded-lg px-4 py-2 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";

/**
 * The error of a page, where the page would have been: routes render it inside their layout, so
 * the navigation around it still works. A failure on our side offers to load the page again.
 */
export function RouteError({
  error,
  notFound,
  links = [],
  headingLevel = 2,
}: {
  error: unknown;
  notFound?: NotFoundText;
  links?: ErrorLink[];
  /** 1 where nothing else on the page is a first-level heading (outside the member shell). */
  headingLevel?: 1 | 2;
}) {
  const { status, title, message } = describeRouteError(error, notFound);
  const { pathname, search } = useLocation();
  const titleId = useId();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const retry = status >= 500;
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 wrap-anywhere"
    >
      <p className="text-sm font-semibold text-brand-700">{`Error ${status}`}</p>
      <Heading id={titleId} className="mt-2 text-2xl font-bold text-slate-900">
        {title}
      </Heading>
      <p className="mt-3 text-slate-600">{message}</p>
      {retry || links.length ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {retry ? (
            // A plain link loads the page again from the server, with or without JavaScript.
            <a href={pathname + search} className={primaryLink}>
              Try again
            </a>
          ) : null}
          {links.map((link, index) => (
            <Link key={link.to} to={link.to} className={index === 0 && !retry ? primaryLink : secondaryLink}>
              {link.label}
            </Link>
          ))}
        </div>
      ) : null}
    </section>
  );
}
