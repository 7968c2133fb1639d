import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { getFeedAnalytics } from "~/features/community/store/analytics.server";

/** GET /api/feed/analytics */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await getFeedAnalytics(user) });
  },
});
