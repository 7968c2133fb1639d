import { apiRoute, apiSuccess, requireApiSession } from "~/services/api.server";
import { clearSessionCookie, deleteSession } from "~/services/session.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const session = await requireApiSession(request);
    deleteSession(session.sessionId);
    const headers = session.via === "cookie" ? { "Set-Cookie": clearSessionCookie() } : undefined;
    return apiSuccess({ message: "Logged out successfully" }, { headers });
  },
});
