import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/services/api.server";
import { getPost } from "~/features/community/feed.server";
import { POST_NOT_FOUND } from "~/features/community/posts.server";

/** GET /api/posts/:id */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const post = getPost(readId(params.id, POST_NOT_FOUND), user.id);
    return post ? apiSuccess({ data: { post } }) : apiError(404, POST_NOT_FOUND);
  },
});
