import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { lotsOf } from "~/features/lots/lots.server";
import { lotQuerySchema } from "~/features/lots/schemas";

/** GET /api/lots?state&page: the caller's lots, open ones unless `state=closed`, newest first, 20 a page. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await lotsOf(user.id, readQuery(request, lotQuerySchema)) });
  },
});
