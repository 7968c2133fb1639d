import { eventView } from "./events.server";
import { eventById, eventPage, nextPublicEvents, publicEventStamps, seatCounts, type EventRow } from "./store/events.server";
import { boundInstant, type EventListQuery } from "./schemas";
import { EVENTS_PAGE_SIZE } from "./vocabulary";
import type { PublicEventView } from "./wire";

/**
 * Events as a visitor who is not signed in reads them (/events, /events/:id, the landing page and
 * the sitemap): not samples, none of a suspended or deleted organiser (the store's public
 * conditions). Of the organiser only their display name shows: no id, e-mail or anything else.
 */

async function publicViews(rows: EventRow[], now: number): Promise<PublicEventView[]> {
  const counts = await seatCounts(rows.map((row) => row.id));
  return rows.map((row) => {
    const { organiser, rsvp: _rsvp, is_sample: _sample, ...rest } = eventView(row, counts.get(row.id)!, null, now);
    return { ...rest, organiser: { username: organiser.username } };
  });
}

/** A page of public events, upcoming first. */
export async function searchPublicEvents(query: Pick<EventListQuery, "from" | "to" | "kind" | "page">) {
  const now = Date.now();
  const { rows, hasMore } = await eventPage(
    { from: boundInstant(query.from, "from"), to: boundInstant(query.to, "to"), kind: query.kind, publicOnly: true },
    now,
    query.page,
    EVENTS_PAGE_SIZE,
  );
  return { events: await publicViews(rows, now), hasMore };
}

/** One public event; null when there is none or it is not public (answered alike). */
export async function publicEvent(id: number): Promise<PublicEventView | null> {
  const row = await eventById(id, { publicOnly: true });
  return row ? (await publicViews([row], Date.now()))[0]! : null;
}

/** The landing page's next public events (none cancelled), soonest first. */
export async function upcomingPublicEvents(limit = 3) {
  const now = Date.now();
  return publicViews(await nextPublicEvents(now, limit), now);
}

const MAX_SITEMAP_EVENTS = 5_000;

/** Each public event's page and when it last changed, for the sitemap. */
export async function publicEventPages(): Promise<{ path: string; updatedAt: Date }[]> {
  const stamps = await publicEventStamps(MAX_SITEMAP_EVENTS);
  return stamps.map(({ id, updatedAt }) => ({ path: `/events/${id}`, updatedAt }));
}
