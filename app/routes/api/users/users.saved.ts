import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { listSavedPosts } from "~/features/community/store/bookmarks.server";
import { listPageSchema } from "~/features/community/schemas";

/** GET /api/users/saved (`page`, `limit`): the caller's saved posts, newest saved first. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await listSavedPosts(user, readQuery(request, listPageSchema)) });
  },
});
