import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { moveOrderWithNote } from "~/features/transfer-notes/orders.server";
import { orderTransitionSchema } from "~/features/exchange/schemas";

/**
 * POST /api/orders/:id/transitions {action, reason?, weight_kg?}: 409 for a move the order's state
 * does not allow, 403 for one that belongs to the other party, 404 for anyone but the two parties.
 */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const orderId = readId(params.id, "This order does not exist.");
    const { action: move, ...details } = await readJson(request, orderTransitionSchema);
    const outcome = await moveOrderWithNote(user, orderId, move, details);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { order: outcome.order }, message: outcome.message });
  },
});
