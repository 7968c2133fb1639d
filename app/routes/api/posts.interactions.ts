import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/api.server";
import { interactionSchema } from "~/features/community/community";
import { POST_NOT_FOUND, recordInteraction } from "~/features/community/posts.server";

/** POST /api/posts/:id/interactions {type: like | share | view | comment | save, content?} */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, POST_NOT_FOUND);
    const { type, content } = await readJson(request, interactionSchema);
    const outcome = recordInteraction(user.id, postId, type, content?.trim());
    if (!outcome.ok) return failureResponse(outcome);
    const { post, comment } = outcome;
    return apiSuccess({
      data: {
        post,
        user_interacted: post.user_interacted,
        ...(comment ? { comment } : {}),
      },
    });
  },
});
