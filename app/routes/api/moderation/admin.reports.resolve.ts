import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireAdminApiSession } from "~/services/http/api.server";
import { resolveReports } from "~/features/moderation/queue.server";
import { resolveSchema } from "~/features/moderation/schemas";

/** POST /api/admin/reports/:id/resolve {action: hide | dismiss, note}: every open report of the thing at once. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireAdminApiSession(request);
    const reportId = readId(params.id, "This report does not exist.");
    const values = await readJson(request, resolveSchema);
    const outcome = await resolveReports(user, reportId, values);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { report: outcome.report }, message: outcome.message });
  },
});
