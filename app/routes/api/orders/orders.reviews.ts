import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { leaveReview } from "~/features/exchange/reviews.server";
import { reviewSchema } from "~/features/exchange/schemas";

/** POST /api/orders/:id/reviews {rating, text}: once per party, after completion; a second one is 409. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const orderId = readId(params.id, "This order does not exist.");
    const values = await readJson(request, reviewSchema);
    const outcome = await leaveReview(user, orderId, values);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { review: outcome.review }, message: outcome.message }, { status: 201 });
  },
});
