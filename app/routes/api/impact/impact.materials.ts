import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { impactCatalogue } from "~/features/impact/catalogue";

/** GET /api/impact/materials: the materials and treatments an entry takes, and the factor table behind its CO2e. */
export const loader = apiRoute({
  async GET({ request }) {
    await requireApiSession(request);
    return apiSuccess({ data: impactCatalogue() });
  },
});
