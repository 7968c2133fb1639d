import { apiRoute, apiSuccess, requireApiSession } from "~/services/http/api.server";
import { calendarFeedAddress } from "~/features/events/calendar/calendar.server";

/** GET /api/users/calendar: the address of the caller's feed of the events they go to, made on the first ask. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { calendar: await calendarFeedAddress(user.id) } });
  },
});
