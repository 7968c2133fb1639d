import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";
import { fileReport } from "~/features/moderation/reports.server";
import { reportSchema } from "~/features/moderation/schemas";

/** POST /api/reports {target_type, target_id, reason, note?}: once per member and thing; a second one is 409. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const values = await readJson(request, reportSchema);
    const outcome = await fileReport(user, values);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { report: outcome.report }, message: outcome.message }, { status: 201 });
  },
});
