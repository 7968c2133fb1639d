import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/utils/api.server";
import { getPost } from "~/utils/feed.server";
import { POST_NOT_FOUND } from "~/utils/posts.server";

/** GET /api/posts/:id */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const post = getPost(readId(params.id, POST_NOT_FOUND), user.id);
    return post ? apiSuccess({ data: { post } }) : apiError(404, POST_NOT_FOUND);
  },
});
