import { endSession } from "~/features/account/account.server";
import { apiRoute, apiSuccess, failureResponse, requireApiSession } from "~/services/http/api.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async DELETE({ request, params }) {
    const session = await requireApiSession(request);
    const outcome = await endSession(session, params.id ?? "");
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
