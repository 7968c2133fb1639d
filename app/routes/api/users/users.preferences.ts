import { apiRoute, apiSuccess, readJson, requireApiSession } from "~/services/http/api.server";
import { preferencesSchema } from "~/features/community/schemas";
import { getPreferences, updatePreferences } from "~/features/community/store/preferences.server";

/** GET and PUT /api/users/preferences {categories, post_types, location} */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { preferences: await getPreferences(user.id) } });
  },
});
export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireApiSession(request);
    const input = await readJson(request, preferencesSchema);
    return apiSuccess({
      data: { preferences: await updatePreferences(user.id, input) },
    });
  },
});
