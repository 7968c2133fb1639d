import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { changeEvent, getEvent } from "~/features/events/events.server";
import { resultsOf } from "~/features/events/results.server";
import { eventChangeSchema } from "~/features/events/schemas";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";

/** GET /api/events/:id, with the caller's answer; PATCH by its organiser (another member: 403). */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const event = await getEvent(user, readId(params.id, NO_SUCH_EVENT));
    if (!event) return apiError(404, NO_SUCH_EVENT);
    return apiSuccess({ data: { event, results: await resultsOf(event.id) } });
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_EVENT);
    const outcome = await changeEvent(user, id, await readJson(request, eventChangeSchema, { maxBytes: 32 * 1024 }));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { event: outcome.event } });
  },
});
