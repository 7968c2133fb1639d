import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { resetCalendarFeedAddress } from "~/features/events/calendar/calendar.server";

/** POST /api/users/calendar/reset: a new feed address; the old one answers 404 from now on. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { calendar: await resetCalendarFeedAddress(user.id) } });
  },
});
