import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/services/http/api.server";
import { lotWithChain, NO_SUCH_LOT } from "~/features/lots/lots.server";

/**
 * GET /api/lots/:id: the lot and its whole chain, for any member who held it, an ancestor or a
 * descendant (and the first load's transferor); 404 for anyone else, as for a lot that does not exist.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const seen = await lotWithChain(user.id, readId(params.id, NO_SUCH_LOT));
    if (!seen) return apiError(404, NO_SUCH_LOT);
    return apiSuccess({ data: { lot: seen.lot, chain: seen.chain } });
  },
});
