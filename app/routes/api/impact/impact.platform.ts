import { apiRoute, apiSuccess, readQuery } from "~/services/http/api.server";
import { platformQuerySchema } from "~/features/impact/schemas";
import { platformTotals } from "~/features/impact/store/summary.server";

/**
 * GET /api/impact/platform?from&to: the whole platform's weight and CO2e, each kilogram once, for
 * the range (all time without one). Public: the figures are the community's, no member's own.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const query = readQuery(request, platformQuerySchema);
    return apiSuccess({ data: await platformTotals({ from: query.from ?? "0000-01-01", to: query.to ?? "9999-12-31" }) });
  },
});
