import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { listMessages, postMessage } from "~/features/exchange/messages.server";
import { orderMessageSchema } from "~/features/exchange/schemas";

const NOT_FOUND = "This order does not exist.";

/** GET /api/orders/:id/messages (oldest first) and POST {body}: the two parties' thread. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const messages = await listMessages(user, readId(params.id, NOT_FOUND));
    return messages ? apiSuccess({ data: { messages } }) : apiError(404, NOT_FOUND);
  },
});

export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const orderId = readId(params.id, NOT_FOUND);
    const { body } = await readJson(request, orderMessageSchema);
    const outcome = await postMessage(user, orderId, body);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { message: outcome.order_message } }, { status: 201 });
  },
});
