import { apiError, apiRoute, apiSuccess, readId, readQuery, requireApiSession } from "~/services/http/api.server";
import { listLikers } from "~/features/community/store/bookmarks.server";
import { messages } from "~/features/community/messages";
import { likesPageSchema } from "~/features/community/schemas";

/** GET /api/posts/:id/likes (`page`, `limit`): who liked the post, newest like first. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const page = await listLikers(user, postId, readQuery(request, likesPageSchema));
    return page ? apiSuccess({ data: page }) : apiError(404, messages.postNotFound);
  },
});
