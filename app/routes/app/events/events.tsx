import { siteTitle } from "~/lib/site-title";
import { Link } from "~/lib/link";
import { EventCard } from "~/components/events/event-parts";
import { EventsFilters, eventsHref } from "~/components/events/events-filters";
import { MonthGrid } from "~/components/events/month-grid";
import { RouteError } from "~/components/route-error";
import { Pagination } from "~/components/ui/pagination";
import { eventsPageData } from "~/features/events/event-pages.server";
import { eventsPageSchema } from "~/features/events/schemas";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Events") }];

/** Events members organise: upcoming first (then past ones), filtered by kind and days, or a month's grid. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = eventsPageSchema.parse(Object.fromEntries(url.searchParams));
  return { query, page: await eventsPageData(user, query, timeZoneOf(request)) };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  const base = { kind: query.kind };
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold text-slate-900">Events</h2>
          <p className="text-sm text-slate-600">Repair cafés, clean-ups, swaps and collection drives near you.</p>
        </div>
        <Link
          to="/app/events/new"
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold whitespace-nowrap text-white hover:bg-brand-700"
        >
          Organise an event
        </Link>
      </div>
      <nav aria-label="Views" className="flex gap-1 text-sm font-semibold">
        <Link
          to={eventsHref("/app/events", base)}
          aria-current={page.view === "list" ? "page" : undefined}
          className="rounded-lg px-3 py-1.5 ring-1 ring-slate-300 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
        >
          List
        </Link>
        <Link
          to={eventsHref("/app/events", { ...base, view: "month" })}
          aria-current={page.view === "month" ? "page" : undefined}
          className="rounded-lg px-3 py-1.5 ring-1 ring-slate-300 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
        >
          Month
        </Link>
      </nav>
      <EventsFilters action="/app/events" kind={query.kind} from={query.from} to={query.to} view={page.view} />
      {page.view === "month" ? (
        <MonthGrid
          title={page.title}
          weeks={page.weeks}
          previousHref={eventsHref("/app/events", { ...base, view: "month", month: page.previous })}
          nextHref={eventsHref("/app/events", { ...base, view: "month", month: page.next })}
          eventHref={(id) => `/app/events/${id}`}
        />
      ) : page.events.length ? (
        <>
          <ul className="space-y-3">
            {page.events.map((event) => (
              <EventCard key={event.id} event={event} href={`/app/events/${event.id}`} />
            ))}
          </ul>
          <Pagination
            previous={
              query.page > 1
                ? {
                    to: eventsHref("/app/events", { ...base, from: query.from, to: query.to, page: query.page - 1 }),
                    label: "Previous page",
                  }
                : null
            }
            next={
              page.hasMore
                ? {
                    to: eventsHref("/app/events", { ...base, from: query.from, to: query.to, page: query.page + 1 }),
                    label: "Next page",
                  }
                : null
            }
          />
        </>
      ) : (
        <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
          No events here yet.{" "}
          <Link to="/app/events/new" className="font-semibold text-brand-700 hover:underline">
            Organise one
          </Link>
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
