import { apiRoute, apiSuccess, requireApiSession } from "~/utils/api.server";
import { publicUser } from "~/utils/auth.server";

export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ user: publicUser(user) });
  },
});
