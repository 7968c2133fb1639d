import { siteName, siteTitle } from "~/lib/site-title";
import { useSite } from "~/components/brand";
import { data, redirect } from "react-router";
import { Link } from "~/lib/link";
import { EventDetails, whenOf } from "~/components/events/event-parts";
import { PublicShell } from "~/components/marketplace/public-shell";
import { RouteError } from "~/components/route-error";
import { publicEvent } from "~/features/events/public-events.server";
import { EventResultsSection } from "~/components/events/event-results";
import { resultsOf } from "~/features/events/results.server";
import { pathId } from "~/lib/path-id";
import { getEnv } from "~/services/env.server";
import { getOptionalUser } from "~/services/session.server";
import type { Route } from "./+types/public-event";

/** What a shared link's preview shows: the title, when and where, the photo (OpenGraph). */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData)
    return [
      { title: siteTitle(matches, "Event not found") },
      { name: "description", content: `This event is not on ${siteName(matches)}.` },
    ];
  const { event, appUrl } = loaderData;
  const description = `${whenOf(event)} at ${event.place}, by ${event.organiser.username}. ${event.description}`.trim();
  const short = description.length > 200 ? `${description.slice(0, 199).trimEnd()}…` : description;
  return [
    { title: siteTitle(matches, `${event.title} · Events`) },
    { name: "description", content: short },
    { property: "og:type", content: "website" },
    { property: "og:title", content: event.title },
    { property: "og:description", content: short },
    { property: "og:url", content: `${appUrl}/events/${event.id}` },
    ...(event.photo_url ? [{ property: "og:image", content: `${appUrl}${event.photo_url}` }] : []),
  ];
};

/** One public event for visitors; a member goes on to its page in /app, where they can answer. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (await getOptionalUser(request))
    throw redirect(`/app/events/${encodeURIComponent(params.id)}`, { headers: { "Cache-Control": "private, no-store" } });
  const id = pathId(params.id);
  const event = id ? await publicEvent(id) : null;
  // Sample events, and those of a suspended or deleted organiser, answer as a missing one.
  if (!event) throw data({ message: "Event not found" }, { status: 404 });
  return { event, appUrl: getEnv().appUrl, results: await resultsOf(event.id) };
}

export default function PublicEventRoute({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { event } = loaderData;
  const signIn = `/auth/login?redirectTo=${encodeURIComponent(`/app/events/${event.id}`)}`;
  return (
    <PublicShell signInTo={`/app/events/${event.id}`}>
      <div className="mx-auto max-w-3xl space-y-4">
        <Link to="/events" className="text-sm font-medium text-brand-700 hover:underline">
          ← All events
        </Link>
        <EventDetails
          event={event}
          heading="h1"
          results={loaderData.results ? <EventResultsSection results={loaderData.results} headingLevel={2} /> : null}
          answer={
            event.status === "scheduled" && !event.has_ended ? (
              <p className="rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
                <Link to={signIn} className="font-semibold text-brand-700 hover:underline">
                  Sign in to RSVP
                </Link>{" "}
                or{" "}
                <Link to="/auth/register" className="font-semibold text-brand-700 hover:underline">
                  join {site.name}
                </Link>
                .
              </p>
            ) : null
          }
        />
      </div>
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell signInTo="/app/events">
      <RouteError
        error={error}
        headingLevel={1}
        notFound={{ title: "Event not found", message: "This event doesn't exist or isn't open to visitors." }}
        links={[{ to: "/events", label: "All events" }]}
      />
    </PublicShell>
  );
}
