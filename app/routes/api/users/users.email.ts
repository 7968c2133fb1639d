import { requestEmailChange } from "~/features/account/account.server";
import { changeEmailSchema } from "~/features/account/schemas";
import { apiRoute, apiSuccess, clientAddress, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const session = await requireApiSession(request);
    const input = await readJson(request, changeEmailSchema);
    const outcome = await requestEmailChange(session, input, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
