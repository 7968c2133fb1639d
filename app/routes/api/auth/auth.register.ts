import { apiRoute, apiSuccess, failureResponse, clientAddress, readJson } from "~/services/http/api.server";
import { registerApiSchema } from "~/features/auth/schemas";
import { publicUser, registerMember } from "~/features/auth/auth.server";
import { createSession, userAgentOf } from "~/services/session.server";
import { recordSignUpAcceptance } from "~/features/site/pages.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, context }) {
    const input = await readJson(request, registerApiSchema);
    const outcome = await registerMember(input, clientAddress(context));
    if (!outcome.ok) return failureResponse(outcome);
    // Signing up accepts the current terms and privacy notice: which versions is kept (the member's export shows them).
    await recordSignUpAcceptance(outcome.user.id);
    const { token } = await createSession(outcome.user.id, { remember: false, userAgent: userAgentOf(request) });
    return apiSuccess({ token, user: publicUser(outcome.user) }, { status: 201 });
  },
});
