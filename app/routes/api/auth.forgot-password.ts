import { apiRoute, apiSuccess, failureResponse, clientAddress, readJson } from "~/utils/api.server";
import { forgotPasswordSchema } from "~/utils/auth-schemas";
import { requestPasswordReset } from "~/utils/auth.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const { email } = await readJson(request, forgotPasswordSchema);
    const outcome = await requestPasswordReset(email, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
