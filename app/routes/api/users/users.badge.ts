import { apiRoute, apiSuccess, readJson, requireApiSession } from "~/services/http/api.server";
import { badgeSettingOf, setBadge } from "~/features/badges/badges.server";
import { badgeToggleSchema } from "~/features/badges/schemas";

/** GET, PUT /api/users/badge {enabled}: the caller's impact badge, off until they turn it on. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { badge: await badgeSettingOf(user) } });
  },
});
export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireApiSession(request);
    const { enabled } = await readJson(request, badgeToggleSchema);
    return apiSuccess({ data: { badge: await setBadge(user, enabled) } });
  },
});
