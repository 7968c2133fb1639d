import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { searchQuerySchema } from "~/features/search/schemas";
import { searchEverything } from "~/features/search/search.server";

/** GET /api/search?q= */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const { q } = readQuery(request, searchQuerySchema);
    return apiSuccess({ data: await searchEverything(user, q) });
  },
});
