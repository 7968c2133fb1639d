import { changePassword } from "~/features/account/account.server";
import { changePasswordSchema } from "~/features/account/schemas";
import { apiRoute, apiSuccess, clientAddress, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const session = await requireApiSession(request);
    const input = await readJson(request, changePasswordSchema);
    const outcome = await changePassword(session, input, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
