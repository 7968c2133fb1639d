import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { listNotifications } from "~/features/notifications/queries.server";
import { notificationListSchema } from "~/features/notifications/schemas";

/** GET /api/notifications?unread&page&limit: the caller's notifications, latest first, with the unread count. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await listNotifications(user.id, readQuery(request, notificationListSchema)) });
  },
});
