import { apiRoute, apiSuccess, apiSuccessJson, failureResponse, readQuery, requireApiSession } from "~/services/http/api.server";
import { readListingSubmission } from "~/features/exchange/listing-submission.server";
import { createListing } from "~/features/exchange/listings.server";
import { createListingFromLot } from "~/features/lots/lots.server";
import { searchListings } from "~/features/exchange/store/listing-search.server";
import { listingCardsJson } from "~/features/exchange/store/listings.server";
import { searchDistance } from "~/features/exchange/listing-distance.server";
import { listingSearchSchema } from "~/features/exchange/schemas";

/**
 * GET /api/listings: the marketplace search (search, category, material, kind, location, near,
 * radius_km, sort, page, limit) with its total. POST /api/listings: a new listing, as JSON or as multipart with
 * photo_0..photo_4; with `lot_id`, made from one of the caller's lots (at most what it has left).
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, listingSearchSchema);
    const distance = await searchDistance(user, query);
    if (!distance.ok) return failureResponse(distance);
    const { listings, total, page, limit, hasMore } = await searchListings(user, query, distance.distance);
    const pagination = JSON.stringify({ page, limit, total, hasMore });
    return apiSuccessJson(`{"listings":${listingCardsJson(listings)},"pagination":${pagination}}`);
  },
});

export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const submission = await readListingSubmission(request, user.id);
    if (!submission.ok) return failureResponse(submission);
    try {
      // A listing made from a lot is the lots feature's: it checks the lot and writes both in one transaction.
      const lotId = submission.fields.lot_id;
      const outcome =
        lotId === undefined || lotId === "" || lotId === null
          ? await createListing(user, submission.fields, submission.photos)
          : await createListingFromLot(user, lotId, submission.fields, submission.photos);
      if (!outcome.ok) return failureResponse(outcome);
      return apiSuccess({ message: outcome.message, data: { listing: outcome.listing } }, { status: 201 });
    } finally {
      await submission.discard();
    }
  },
});
