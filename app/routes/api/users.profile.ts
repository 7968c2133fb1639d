import { apiRoute, apiSuccess, requireApiSession } from "~/services/api.server";
import { publicUser } from "~/features/auth/auth.server";

export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ user: publicUser(user) });
  },
});
