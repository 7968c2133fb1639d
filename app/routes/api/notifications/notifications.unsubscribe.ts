import { apiError, apiRoute, apiSuccess, failureResponse } from "~/services/http/api.server";
import { unsubscribe } from "~/features/notifications/queries.server";

/**
 * POST /api/notifications/unsubscribe?token=…: the one-click unsubscribe of a mail's
 * List-Unsubscribe header (RFC 8058). Mail programs call it without a session or an Origin, so the
 * signed token is the whole authority; a forged or altered one is a 400 and changes nothing.
 */
export const loader = apiRoute({
  GET() {
    return apiError(405, "Unsubscribe with POST, or open the link in the e-mail's text.", { headers: { Allow: "POST" } });
  },
});
export const action = apiRoute({
  async POST({ request }) {
    const outcome = await unsubscribe(new URL(request.url).searchParams.get("token"));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { unsubscribed: outcome.types } });
  },
});
