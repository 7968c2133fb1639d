import { apiRoute, apiSuccess, failureResponse, readJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { listEntries, recordEntry } from "~/features/impact/entries.server";
import { entryQuerySchema, entrySchema } from "~/features/impact/schemas";

/**
 * GET /api/impact/entries (the caller's ledger: from, to, material, treatment, page; newest day
 * first, 25 a page, with the total) and POST {date, material, weight_kg, treatment, revenue_cents?, note?}.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, entryQuerySchema);
    return apiSuccess({ data: await listEntries(user, query) });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const fields = await readJson(request, entrySchema);
    const outcome = await recordEntry(user, fields);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { entry: outcome.entry }, message: outcome.message }, { status: 201 });
  },
});
