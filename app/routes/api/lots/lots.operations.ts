import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { NO_SUCH_LOT, recordOperation } from "~/features/lots/lots.server";
import { operationSchema } from "~/features/lots/schemas";

/**
 * POST /api/lots/:id/operations {code, weight_kg, date}: 201 with the operation and the lot as it
 * is after it; 400 naming a weight over what is left, 403 for a member who may see the lot but
 * does not hold it, 404 for anyone else.
 */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const lotId = readId(params.id, NO_SUCH_LOT);
    const input = await readJson(request, operationSchema);
    const outcome = await recordOperation(user, lotId, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { operation: outcome.operation, lot: outcome.lot } }, { status: 201 });
  },
});
