import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { answerEvent } from "~/features/events/events.server";
import { rsvpSchema } from "~/features/events/schemas";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";

/** PUT /api/events/:id/rsvp {status: going | not_going}: past the capacity the member waits. */
export const action = apiRoute({
  async PUT({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_EVENT);
    const outcome = await answerEvent(user, id, await readJson(request, rsvpSchema));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { rsvp: outcome.rsvp, event: outcome.event } });
  },
});
