import { apiRoute, apiSuccess, requireApiSession } from "~/utils/api.server";
import { getFeedAnalytics } from "~/utils/feed.server";

/** GET /api/feed/analytics */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: getFeedAnalytics(user.id) });
  },
});
