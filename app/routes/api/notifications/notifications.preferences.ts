import { apiRoute, apiSuccess, readJson, requireApiSession } from "~/services/http/api.server";
import { getNotificationPreferences, updateNotificationPreferences } from "~/features/notifications/queries.server";
import { preferencesChangeSchema } from "~/features/notifications/schemas";

/** GET and PUT /api/notifications/preferences {<type>: {in_app, email}}: every type, defaults filled in. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { preferences: await getNotificationPreferences(user.id) } });
  },
});
export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireApiSession(request);
    const change = await readJson(request, preferencesChangeSchema);
    return apiSuccess({ data: { preferences: await updateNotificationPreferences(user.id, change) } });
  },
});
