import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/services/http/api.server";
import { orderWithNote } from "~/features/transfer-notes/orders.server";

const NOT_FOUND = "This order does not exist.";

/** GET /api/orders/:id: the order with its history, the caller's next actions and its transfer note; 404 for anyone but its two parties. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const order = await orderWithNote(user, readId(params.id, NOT_FOUND));
    return order ? apiSuccess({ data: { order } }) : apiError(404, NOT_FOUND);
  },
});
