import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { NO_SUCH_EVENT, resultsSchema } from "~/features/events/results";
import { recordResults } from "~/features/events/results.server";

/**
 * POST /api/events/:id/results {collected, items_repaired?, items_checked?, volunteers?, hours?,
 * note?}: 201 with the results; the organiser only (403 for another member), once the event has
 * begun and unless it was cancelled (409). Recording again replaces them.
 */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const eventId = readId(params.id, NO_SUCH_EVENT);
    const input = await readJson(request, resultsSchema);
    const outcome = await recordResults(user, eventId, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { results: outcome.results } }, { status: 201 });
  },
});
