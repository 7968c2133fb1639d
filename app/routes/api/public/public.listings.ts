import { apiRoute, apiSuccess, failureResponse, readQuery } from "~/services/http/api.server";
import { searchDistance } from "~/features/exchange/listing-distance.server";
import { PUBLIC_CACHE_CONTROL, searchPublicListings } from "~/features/exchange/public-listings.server";
import { listingSearchSchema } from "~/features/exchange/schemas";

/**
 * GET /api/public/listings: the public marketplace, without a token: the search's filters, sort
 * and pages of GET /api/listings over active listings of members only. A token sent is ignored:
 * the answer is the same for everyone, so shared caches may keep it briefly.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const query = readQuery(request, listingSearchSchema);
    const distance = await searchDistance(null, query);
    if (!distance.ok) return failureResponse(distance);
    const { listings, total, page, limit, hasMore } = await searchPublicListings(query, distance.distance);
    return apiSuccess(
      { data: { listings, pagination: { page, limit, total, hasMore } } },
      { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } },
    );
  },
});
