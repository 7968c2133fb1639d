import { Link } from "~/lib/link";
import { KindBadge, whenOf } from "~/components/events/event-parts";
import type { PublicEventView } from "~/features/events/wire";

/** The landing page's next public events, each linking to its public page; nothing when there are none. */
export function UpcomingEvents({ events }: { events: PublicEventView[] }) {
  if (!events.length) return null;
  return (
    <section id="events" aria-labelledby="events-title" className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="events-title" className="text-3xl font-bold text-slate-900">
          Coming up
        </h2>
        <Link to="/events" className="font-semibold text-brand-700 hover:underline">
          All events
        </Link>
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-3">
        {events.map((event) => (
          <li key={event.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <KindBadge kind={event.kind} />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">
              <Link to={`/events/${event.id}`} className="hover:underline">
                {event.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-slate-700">
              <time dateTime={event.starts_at}>{whenOf(event)}</time>
            </p>
            <p className="text-sm text-slate-600">{event.place}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
