import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/services/api.server";
import { messages } from "~/features/community/messages";
import { getPost } from "~/features/community/post-reads.server";

/** GET /api/posts/:id */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const post = getPost(readId(params.id, messages.postNotFound), user);
    return post ? apiSuccess({ data: { post } }) : apiError(404, messages.postNotFound);
  },
});
