import { apiRoute, apiSuccess, failureResponse, readQuery, requireApiSession } from "~/services/http/api.server";
import { createEvent, listEvents } from "~/features/events/events.server";
import { readEventSubmission } from "~/features/events/submission.server";
import { eventListSchema } from "~/features/events/schemas";

/**
 * GET /api/events (from, to, kind, page): events upcoming first. POST /api/events: a new event,
 * as JSON or as multipart with one `photo`.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await listEvents(user, readQuery(request, eventListSchema)) });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const submission = await readEventSubmission(request, user.id);
    if (!submission.ok) return failureResponse(submission);
    try {
      const outcome = await createEvent(user, submission.fields, submission.photos);
      if (!outcome.ok) return failureResponse(outcome);
      return apiSuccess({ message: outcome.message, data: { event: outcome.event } }, { status: 201 });
    } finally {
      await submission.discard();
    }
  },
});
