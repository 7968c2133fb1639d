import { deleteAccount } from "~/features/account/delete.server";
import { deleteAccountSchema } from "~/features/account/schemas";
import { apiRoute, apiSuccess, clientAddress, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async DELETE({ request, context }) {
    const { user } = await requireApiSession(request);
    const { password } = await readJson(request, deleteAccountSchema);
    const outcome = await deleteAccount(user.id, password, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
