import { apiError, apiRoute, apiSuccess, readId, readQuery, requireApiSession } from "~/services/http/api.server";
import { lotWithChain, NO_SUCH_LOT } from "~/features/lots/lots.server";
import { chainQuerySchema } from "~/features/lots/schemas";

/**
 * GET /api/lots/:id?page: the lot and its chain, 200 steps a page, for any member who held it, an ancestor or a
 * descendant (and the first load's transferor); 404 for anyone else, as for a lot that does not exist.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const lotId = readId(params.id, NO_SUCH_LOT);
    const { page } = readQuery(request, chainQuerySchema);
    const seen = await lotWithChain(user.id, lotId, page);
    if (!seen) return apiError(404, NO_SUCH_LOT);
    return apiSuccess({ data: { lot: seen.lot, chain: seen.chain, pagination: seen.pagination } });
  },
});
