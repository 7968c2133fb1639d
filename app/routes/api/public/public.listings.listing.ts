import { apiError, apiRoute, apiSuccess, readId } from "~/services/http/api.server";
import { NO_SUCH_LISTING } from "~/features/exchange/listings.server";
import { PUBLIC_CACHE_CONTROL, publicListing } from "~/features/exchange/public-listings.server";

/** GET /api/public/listings/:id without a token; a listing that is not public answers as a missing one. */
export const loader = apiRoute({
  async GET({ params }) {
    const listing = await publicListing(readId(params.id, NO_SUCH_LISTING));
    if (!listing) return apiError(404, NO_SUCH_LISTING);
    return apiSuccess({ data: { listing } }, { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } });
  },
});
