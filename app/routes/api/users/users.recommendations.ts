import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { recommendMembers } from "~/features/community/store/members.server";

/** GET /api/users/recommendations: authors to follow. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { users: await recommendMembers(user) } });
  },
});
