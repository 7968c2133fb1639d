import { apiError, apiRoute, apiSuccess, AUTHENTICATION_REQUIRED, refuseCrossSiteCookieCall } from "~/services/http/api.server";
import { clearSessionCookie, deleteSession, endSessionNamedBy, getCurrentSession } from "~/services/session.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const session = await getCurrentSession(request);
    if (!session) {
      // Signing out always works: a token that opens nothing (expired, ended, or its member
      // suspended) is answered as dead, never with the suspension, and what it names still goes.
      await endSessionNamedBy(request);
      return apiError(401, AUTHENTICATION_REQUIRED, { headers: { "Set-Cookie": clearSessionCookie() } });
    }
    refuseCrossSiteCookieCall(request, session);
    await deleteSession(session.sessionId);
    const headers = session.via === "cookie" ? { "Set-Cookie": clearSessionCookie() } : undefined;
    return apiSuccess({ message: "Logged out successfully" }, { headers });
  },
});
