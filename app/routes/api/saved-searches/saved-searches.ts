import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";
import { listSavedSearches, saveSearch } from "~/features/saved-searches/saved-searches.server";
import { savedSearchSchema } from "~/features/saved-searches/schemas";

/** GET /api/saved-searches and POST {name, query, alert}: the caller's saved searches. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { saved_searches: await listSavedSearches(user) } });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const input = await readJson(request, savedSearchSchema);
    const outcome = await saveSearch(user, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { saved_searches: outcome.saved_searches } }, { status: 201 });
  },
});
