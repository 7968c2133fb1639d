import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { changeSavedSearchAlert, NO_SUCH_SAVED_SEARCH, removeSavedSearch } from "~/features/saved-searches/saved-searches.server";
import { savedSearchAlertSchema } from "~/features/saved-searches/schemas";

/** PATCH {alert} and DELETE /api/saved-searches/:id: one of the caller's saved searches; anyone else's is a 404. */
export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_SAVED_SEARCH);
    const input = await readJson(request, savedSearchAlertSchema);
    const outcome = await changeSavedSearchAlert(user, id, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { saved_searches: outcome.saved_searches } });
  },
  async DELETE({ request, params }) {
    const { user } = await requireApiSession(request);
    const outcome = await removeSavedSearch(user, readId(params.id, NO_SUCH_SAVED_SEARCH));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { saved_searches: outcome.saved_searches } });
  },
});
