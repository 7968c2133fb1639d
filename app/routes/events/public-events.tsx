import { siteName, siteTitle } from "~/lib/site-title";
import { redirect } from "react-router";
import { Link } from "~/lib/link";
import { EventCard } from "~/components/events/event-parts";
import { EventsFilters, eventsHref } from "~/components/events/events-filters";
import { PublicShell } from "~/components/marketplace/public-shell";
import { RouteError } from "~/components/route-error";
import { Pagination } from "~/components/ui/pagination";
import { searchPublicEvents } from "~/features/events/public-events.server";
import { eventsPageSchema } from "~/features/events/schemas";
import { getEnv } from "~/services/env.server";
import { getOptionalUser } from "~/services/session.server";
import type { Route } from "./+types/public-events";

const description = (site: string) =>
  `Repair cafés, clean-ups, swaps and collection drives organised by ${site} members: see what is on without an account.`;

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: siteTitle(matches, "Events") },
  { name: "description", content: description(siteName(matches)) },
  { property: "og:type", content: "website" },
  { property: "og:title", content: `${siteName(matches)} events` },
  { property: "og:description", content: description(siteName(matches)) },
  ...(data ? [{ property: "og:url", content: `${data.appUrl}/events` }] : []),
];

/** Events for visitors, upcoming first (no samples); a member goes on to theirs. */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (await getOptionalUser(request))
    throw redirect(`/app/events${url.search}`, { headers: { "Cache-Control": "private, no-store" } });
  const query = eventsPageSchema.parse(Object.fromEntries(url.searchParams));
  const { events, hasMore } = await searchPublicEvents(query);
  return { query, events, hasMore, appUrl: getEnv().appUrl };
}

export default function PublicEvents({ loaderData }: Route.ComponentProps) {
  const { query, events, hasMore } = loaderData;
  const base = { kind: query.kind, from: query.from, to: query.to };
  return (
    <PublicShell signInTo={eventsHref("/app/events", base)}>
      <section aria-labelledby="events-title" className="mx-auto max-w-4xl space-y-5">
        <div>
          <h1 id="events-title" className="text-2xl font-bold text-slate-900">
            Events
          </h1>
          <p className="text-sm text-slate-600">
            Repair cafés, clean-ups, swaps and collection drives organised by members.{" "}
            <Link
              to={`/auth/login?redirectTo=${encodeURIComponent("/app/events")}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              Sign in to RSVP
            </Link>
          </p>
        </div>
        <EventsFilters action="/events" kind={query.kind} from={query.from} to={query.to} />
        {events.length ? (
          <ul className="space-y-3">
            {events.map((event) => (
              <EventCard key={event.id} event={event} href={`/events/${event.id}`} heading="h2" />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">No events to show yet.</p>
        )}
        <Pagination
          previous={
            query.page > 1 ? { to: eventsHref("/events", { ...base, page: query.page - 1 }), label: "Previous page" } : null
          }
          next={hasMore ? { to: eventsHref("/events", { ...base, page: query.page + 1 }), label: "Next page" } : null}
        />
      </section>
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell signInTo="/app/events">
      <RouteError error={error} headingLevel={1} />
    </PublicShell>
  );
}
