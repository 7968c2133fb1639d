import { siteTitle } from "~/lib/site-title";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ArrowLeft } from "~/components/icons";
import { EventDetails } from "~/components/events/event-parts";
import { AttendeeList } from "~/components/events/attendee-list";
import { EventResultsSection } from "~/components/events/event-results";
import { resultsOf } from "~/features/events/results.server";
import { RouteError } from "~/components/route-error";
import { primaryButton, quietButton } from "~/components/ui/button";
import { eventAttendees, getEvent } from "~/features/events/events.server";
import { eventPageAnswer } from "~/features/events/event-pages.server";
import { feedPostOfEvent } from "~/features/events/feed-share.server";
import { RSVP_STATUS_LABELS } from "~/features/events/vocabulary";
import { formDataObject } from "~/lib/forms";
import { pathId } from "~/lib/path-id";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/event";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.event.title ?? "Event not found"} · Events`) },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = pathId(params.id);
  const event = id ? await getEvent(user, id) : null;
  if (!event) throw data({ message: "Event not found" }, { status: 404 });
  const own = event.organiser.id === user.id;
  const list = own ? await eventAttendees(user, event.id) : null;
  return {
    event,
    own,
    attendees: list?.ok ? list.attendees : null,
    feedPostId: own ? await feedPostOfEvent(event.id) : null,
    results: await resultsOf(event.id),
    // Results are recorded once the event has started (the organiser's "Record results" link).
    started: Date.parse(event.starts_at) <= Date.now(),
  };
}

/** Going or not going, by a plain form: the page again with the answer as a message. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = pathId(params.id);
  const here = `/app/events/${params.id}`;
  if (!id)
    return answerForm(
      form,
      { ok: false, reason: "not-found", message: "This event does not exist.", errors: {} },
      { returnTo: "/app/events" },
    );
  return answerForm(form, await eventPageAnswer(user, id, formDataObject(form)), { returnTo: here });
}

function Answer({ event }: { event: Route.ComponentProps["loaderData"]["event"] }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const panel = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // An answer takes away the button that gave it ("Join the waiting list" becomes "Leave the
  // waiting list"): once the page is back, the focus goes to the answer it now shows, rather than
  // falling to the page's body, and the next Tab reaches the panel's button.
  const answered = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" || !answered.current) return;
    answered.current = false;
    if (panel.current?.contains(document.activeElement)) return;
    (status.current ?? panel.current?.querySelector<HTMLElement>("button"))?.focus();
  }, [navigation.state]);
  if (event.status === "cancelled") return null;
  if (event.is_sample)
    return (
      <p className="rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">This is a sample event: it takes no answers.</p>
    );
  if (event.has_ended)
    return <p className="rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">This event has ended.</p>;
  const rsvp = event.rsvp;
  return (
    <div ref={panel} className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-semibold text-slate-900">Are you going?</h3>
      {rsvp ? (
        <p ref={status} tabIndex={-1} className="text-slate-700" role="status">
          Your answer: <strong>{RSVP_STATUS_LABELS[rsvp.status]}</strong>
          {rsvp.position ? ` (number ${rsvp.position} in line: you are told when a seat frees)` : ""}
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-2" onSubmit={() => (answered.current = true)}>
        {rsvp?.status === "going" || rsvp?.status === "waitlisted" ? null : (
          <button type="submit" name="intent" value="going" aria-disabled={pending || undefined} className={primaryButton}>
            {event.seats_left === 0 ? "Join the waiting list" : "I'm going"}
          </button>
        )}
        {rsvp?.status === "not_going" ? null : (
          <button type="submit" name="intent" value="not_going" aria-disabled={pending || undefined} className={quietButton}>
            {rsvp?.status === "going"
              ? "I can't go after all"
              : rsvp?.status === "waitlisted"
                ? "Leave the waiting list"
                : "Not going"}
          </button>
        )}
      </Form>
    </div>
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, own, attendees, feedPostId, results, started } = loaderData;
  const recordHref =
    own && started && event.status !== "cancelled" && !event.is_sample ? `/app/events/${event.id}/results` : undefined;
  const upcoming = event.status === "scheduled" && !event.has_ended && !event.is_sample;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <Link to="/app/events" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to events
      </Link>
      <EventDetails
        event={event}
        organiserName={
          <Link to={`/app/members/${event.organiser.id}`} className="font-medium text-brand-700 hover:underline">
            {event.organiser.username}
          </Link>
        }
        actions={
          own && event.status !== "cancelled" && !event.is_sample ? (
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/app/events/${event.id}/edit`} className={quietButton}>
                Edit or cancel the event
              </Link>
              {upcoming && feedPostId === null ? (
                <Form method="post">
                  <button type="submit" name="intent" value="share" className={quietButton}>
                    Share to the community feed
                  </button>
                </Form>
              ) : null}
              {feedPostId !== null ? <span className="text-sm text-slate-600">Shared to the community feed.</span> : null}
            </div>
          ) : null
        }
        results={
          results || recordHref ? <EventResultsSection results={results} recordHref={recordHref} headingLevel={3} /> : null
        }
        answer={own ? attendees ? <AttendeeList eventId={event.id} attendees={attendees} /> : null : <Answer event={event} />}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Event not found", message: "This event doesn't exist." }}
      links={[{ to: "/app/events", label: "Back to events" }]}
    />
  );
}
