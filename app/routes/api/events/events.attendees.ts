import { apiRoute, apiSuccess, failureResponse, readId, requireApiSession } from "~/services/http/api.server";
import { eventAttendees } from "~/features/events/events.server";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";

/** GET /api/events/:id/attendees: who answered (names, status, when), for the organiser only (others: 403). */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const outcome = await eventAttendees(user, readId(params.id, NO_SUCH_EVENT));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { attendees: outcome.attendees } });
  },
});
