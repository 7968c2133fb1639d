import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { cancelEvent } from "~/features/events/events.server";
import { cancelEventSchema } from "~/features/events/schemas";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";

/** POST /api/events/:id/cancel {reason}: by its organiser; everyone going or waiting is told. */
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_EVENT);
    const outcome = await cancelEvent(user, id, await readJson(request, cancelEventSchema));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { event: outcome.event } });
  },
});
