import { apiRoute, apiSuccess, failureResponse, clientAddress, readJson } from "~/services/http/api.server";
import { resetPasswordApiSchema } from "~/features/auth/schemas";
import { resetPassword } from "~/features/auth/auth.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const { token, password } = await readJson(request, resetPasswordApiSchema);
    const outcome = await resetPassword(token, password, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
