import { apiRoute, apiSuccess, readQuery, requireAdminApiSession } from "~/services/http/api.server";
import { listReportGroups } from "~/features/moderation/queue.server";
import { queueQuerySchema } from "~/features/moderation/schemas";

/** GET /api/admin/reports?state&page: one state's report groups (one per reported thing), admins only. */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    const query = readQuery(request, queueQuerySchema);
    return apiSuccess({ data: await listReportGroups(query) });
  },
});
