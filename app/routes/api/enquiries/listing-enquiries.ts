import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { askAboutListing, listEnquiries } from "~/features/enquiries/enquiries.server";
import { orderMessageSchema } from "~/features/exchange/schemas";
import { getListing } from "~/features/exchange/store/listings.server";

const NOT_FOUND = "This listing does not exist.";

/** GET /api/listings/:id/enquiries (the caller's threads about it) and POST {body}: a question before any order. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const listingId = readId(params.id, NOT_FOUND);
    const enquiries = await listEnquiries(user, listingId);
    // A thread outlives its listing's closing; with neither, the listing is as missing as any other.
    if (!enquiries.length && !(await getListing(user, listingId))) return apiError(404, NOT_FOUND);
    return apiSuccess({ data: { enquiries } });
  },
});

export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const listingId = readId(params.id, NOT_FOUND);
    const { body } = await readJson(request, orderMessageSchema);
    const outcome = await askAboutListing(user, listingId, body);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { enquiry: outcome.enquiry, message: outcome.enquiry_message } }, { status: 201 });
  },
});
