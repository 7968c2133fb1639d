import type { Viewer } from "~/services/access.server";
import { searchPostsCounted } from "~/features/community/store/feed.server";
import { searchListings } from "~/features/exchange/store/listing-search.server";
import { searchMembers } from "~/features/profile/store/profile.server";
import { searchEvents } from "~/features/events/store/event-search.server";
import { FIRST_FEW, type SearchResults } from "./schemas";

const NOTHING: SearchResults = {
  posts: { items: [], total: 0 },
  listings: { items: [], total: 0 },
  members: { items: [], total: 0 },
  events: { items: [], total: 0 },
};

/**
 * One search over posts, listings, members and events, each through its own search (so hidden things,
 * blocks and samples are as there), the first FIRST_FEW of each with the total.
 */
export async function searchEverything(viewer: Viewer, text: string): Promise<SearchResults> {
  if (!text) return NOTHING;
  const [posts, listings, members, found] = await Promise.all([
    searchPostsCounted(text, FIRST_FEW, viewer),
    searchListings(viewer, { search: text, location: undefined, near: undefined, sort: "featured", page: 1, limit: FIRST_FEW }),
    searchMembers(viewer, text, FIRST_FEW),
    searchEvents(viewer, text, FIRST_FEW),
  ]);
  return {
    posts: { items: posts.posts, total: posts.total },
    // Listed as listings are anywhere but the marketplace: with no distance measured.
    listings: { items: listings.listings.map(({ distance_km: _distance, ...listing }) => listing), total: listings.total },
    members: { items: members.members, total: members.total },
    events: {
      items: found.events.map((event) => ({
        id: event.id,
        title: event.title,
        kind: event.kind,
        starts_at: event.startsAt.toISOString(),
        ends_at: event.endsAt.toISOString(),
        time_zone: event.timeZone,
        place: event.place,
        status: event.status,
        is_sample: event.isSample,
      })),
      total: found.total,
    },
  };
}
