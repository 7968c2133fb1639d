import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { EVENT_KIND_LABELS, RSVP_STATUS_LABELS } from "~/features/events/vocabulary";
import { eventWhen, instantOf, shortStart } from "~/features/events/times";
import type { EventView, PublicEventView } from "~/features/events/wire";
import { countOf } from "~/lib/plural";

/** An event as a card or a page shows it: as members read it, or as visitors do (no ids, no answer). */
export type ShownEvent = EventView | PublicEventView;

const instant = (iso: string) => instantOf(iso) ?? Date.parse(iso);

/** When the event is, on its own clock with the zone named. */
export const whenOf = (event: ShownEvent) => eventWhen(instant(event.starts_at), instant(event.ends_at), event.time_zone);

/** "Dec 5, 2026, 10:00": a list's short start, on the event's clock. */
export const startOf = (event: Pick<ShownEvent, "starts_at" | "time_zone">) =>
  shortStart(instant(event.starts_at), event.time_zone);

export function KindBadge({ kind }: { kind: ShownEvent["kind"] }) {
  return (
    <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{EVENT_KIND_LABELS[kind]}</span>
  );
}

/** "Sample event": seeded content, marked wherever it shows. */
export function SampleEventBadge() {
  return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Sample event</span>;
}

export function StatusBadges({ event }: { event: ShownEvent }) {
  return (
    <>
      {event.status === "cancelled" ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Cancelled</span>
      ) : event.has_ended ? (
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Ended</span>
      ) : null}
      {"rsvp" in event && event.rsvp && event.rsvp.status !== "not_going" ? (
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
          {RSVP_STATUS_LABELS[event.rsvp.status]}
        </span>
      ) : null}
    </>
  );
}

/** Seats: "12 going · 3 seats left", "Full · 2 waiting", or "12 going" without a limit. */
export function seatsLine(event: ShownEvent) {
  const going = `${event.going_count} going`;
  if (event.seats_left === null) return going;
  if (event.seats_left === 0)
    return `${going} · full${event.waitlisted_count ? ` · ${countOf(event.waitlisted_count, "on the waiting list", "on the waiting list")}` : ""}`;
  return `${going} · ${countOf(event.seats_left, "seat")} left`;
}

/** One event in a list: a link to its page (`href`), its kind, when, where and seats. */
export function EventCard({ event, href, heading: Heading = "h3" }: { event: ShownEvent; href: string; heading?: "h2" | "h3" }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <KindBadge kind={event.kind} />
        {"is_sample" in event && event.is_sample ? <SampleEventBadge /> : null}
        <StatusBadges event={event} />
      </div>
      <Heading className="mt-2 text-lg font-semibold break-words text-slate-900">
        <Link to={href} className="hover:underline">
          {event.title}
        </Link>
      </Heading>
      <p className="mt-1 text-sm text-slate-700">
        <time dateTime={event.starts_at}>{whenOf(event)}</time>
      </p>
      <p className="text-sm break-words text-slate-600">{event.place}</p>
      <p className="mt-1 text-sm text-slate-600">
        By {event.organiser.username} · {seatsLine(event)}
      </p>
    </li>
  );
}

/**
 * An event's page: what, when (the zone named), where, who organises, seats, the description and
 * the photo. `answer` is the RSVP part (a form for members, a sign-in link for visitors);
 * `results` is where what the event achieved shows once recorded (left empty until then);
 * `organiserName` lets the members' page link the organiser.
 */
export function EventDetails({
  event,
  answer,
  results,
  organiserName,
  actions,
  heading: Heading = "h2",
}: {
  event: ShownEvent;
  /** h1 on a page of its own (the public one), h2 under the member shell's heading. */
  heading?: "h1" | "h2";
  answer?: ReactNode;
  results?: ReactNode;
  organiserName?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <article aria-labelledby="event-title" className="space-y-5">
      {event.status === "cancelled" ? (
        <div role="status" className="rounded-lg border-2 border-red-600 bg-red-50 px-4 py-3 text-red-900">
          <p className="font-semibold">This event is cancelled.</p>
          {event.cancel_reason ? <p className="mt-1 break-words">{event.cancel_reason}</p> : null}
        </div>
      ) : null}
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {event.photo_url ? <img src={event.photo_url} alt="" className="max-h-80 w-full object-cover" /> : null}
        <div className="space-y-4 p-5 sm:p-8">
          <div className="flex flex-wrap items-center gap-2">
            <KindBadge kind={event.kind} />
            {"is_sample" in event && event.is_sample ? <SampleEventBadge /> : null}
            <StatusBadges event={event} />
          </div>
          <Heading id="event-title" className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {event.title}
          </Heading>
          <dl className="grid gap-3 text-slate-800 sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold">When</dt>
            <dd>
              <time dateTime={event.starts_at}>{whenOf(event)}</time>
            </dd>
            <dt className="font-semibold">Where</dt>
            <dd className="break-words">{event.place}</dd>
            <dt className="font-semibold">Organiser</dt>
            <dd className="break-words">{organiserName ?? event.organiser.username}</dd>
            <dt className="font-semibold">Seats</dt>
            <dd>
              {event.capacity === null ? `${event.going_count} going · no limit` : `${seatsLine(event)} (of ${event.capacity})`}
            </dd>
          </dl>
          {event.description ? <p className="break-words whitespace-pre-line text-slate-700">{event.description}</p> : null}
          <p>
            {/* The calendar file's address: served by the calendar part of events. */}
            <a href={`/events/${event.id}.ics`} className="font-medium text-brand-700 hover:underline" data-slot="calendar-link">
              Add to calendar (.ics)
            </a>
          </p>
          {actions}
        </div>
      </div>
      {answer ? <section aria-label="Your answer">{answer}</section> : null}
      {/* What the event achieved, once its organiser records it: the results part fills this slot. */}
      <div data-slot="event-results">{results}</div>
    </article>
  );
}
