import { apiError, apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { rangeOf, todayIn } from "~/features/impact/periods";
import { impactSummary } from "~/features/impact/store/summary.server";

/** GET /api/impact?period=7|30|90 or ?from=YYYY-MM-DD&to=YYYY-MM-DD: the caller's figures, the period before, the trend. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = new URL(request.url).searchParams;
    const asked = rangeOf(
      { period: query.get("period"), from: query.get("from"), to: query.get("to") },
      todayIn(timeZoneOf(request)),
    );
    if (!asked.ok) return apiError(400, asked.message);
    return apiSuccess({ data: await impactSummary(user, asked.range) });
  },
});
