import { apiRoute, apiSuccess, failureResponse, clientAddress, readJson } from "~/services/http/api.server";
import { loginSchema } from "~/features/auth/schemas";
import { publicUser, signIn } from "~/features/auth/auth.server";
import { userAgentOf } from "~/services/session.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const input = await readJson(request, loginSchema);
    const outcome = await signIn(input, clientAddress(context), userAgentOf(request));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ token: outcome.token, user: publicUser(outcome.user) });
  },
});
