import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { interactionSchema } from "~/features/community/schemas";
import { recordInteraction } from "~/features/community/store/interactions.server";
import { messages } from "~/features/community/messages";

/** POST /api/posts/:id/interactions {type: like | share | view | comment | save, content?} */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const { type, content } = await readJson(request, interactionSchema);
    const outcome = await recordInteraction(user, postId, type, content?.trim());
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
