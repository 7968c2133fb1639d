import { apiRoute, failureResponse, readId, requireApiSession } from "~/services/http/api.server";
import { attendeesCsv, attendeesFileName } from "~/features/events/attendees-csv";
import { eventAttendees } from "~/features/events/events.server";
import { NO_SUCH_EVENT } from "~/features/events/vocabulary";

/** GET /api/events/:id/attendees/export: the organiser's attendee list as a CSV download. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_EVENT);
    const outcome = await eventAttendees(user, id);
    if (!outcome.ok) return failureResponse(outcome);
    return new Response(attendeesCsv(outcome.attendees), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${attendeesFileName(id)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
