import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { changeListing, NO_SUCH_LISTING } from "~/features/exchange/listings.server";
import { getListing } from "~/features/exchange/store/listings.server";
import { MAX_LISTING_TEXT_BYTES } from "~/features/exchange/listing-submission.server";
import { listingChangeSchema } from "~/features/exchange/schemas";

/** GET /api/listings/:id; PATCH by its owner: any field of a listing, or `status` (active, paused, closed). */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const listing = await getListing(user, readId(params.id, NO_SUCH_LISTING));
    return listing ? apiSuccess({ data: { listing } }) : apiError(404, NO_SUCH_LISTING);
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_LISTING);
    // As much text as a new listing may carry, so what could be listed can be edited.
    const change = await readJson(request, listingChangeSchema, { maxBytes: MAX_LISTING_TEXT_BYTES });
    const outcome = await changeListing(user, id, change);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { listing: outcome.listing } });
  },
});
