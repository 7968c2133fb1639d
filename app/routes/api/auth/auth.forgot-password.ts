import { apiRoute, apiSuccess, failureResponse, clientAddress, readJson } from "~/services/http/api.server";
import { forgotPasswordSchema } from "~/features/auth/schemas";
import { requestPasswordReset } from "~/features/auth/auth.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const { email } = await readJson(request, forgotPasswordSchema);
    const outcome = await requestPasswordReset(email, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
