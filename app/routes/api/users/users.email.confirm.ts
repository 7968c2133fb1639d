import { confirmEmailChange } from "~/features/account/account.server";
import { emailTokenSchema } from "~/features/account/schemas";
import { apiRoute, apiSuccess, failureResponse, readJson } from "~/services/http/api.server";

// Signed in or not: the token mailed to the new address is the proof.
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { token } = await readJson(request, emailTokenSchema);
    const outcome = await confirmEmailChange(token);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, email: outcome.email });
  },
});
