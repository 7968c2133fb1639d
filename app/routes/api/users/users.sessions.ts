import { endOtherSessions, listSessions } from "~/features/account/account.server";
import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";

export const loader = apiRoute({
  async GET({ request }) {
    const session = await requireApiSession(request);
    return apiSuccess({ data: { sessions: await listSessions(session) } });
  },
});
export const action = apiRoute({
  async DELETE({ request }) {
    const session = await requireApiSession(request);
    const { message, ended } = await endOtherSessions(session);
    return apiSuccess({ message, ended, data: { sessions: await listSessions(session) } });
  },
});
