import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  readQuery,
  requireApiSession,
} from "~/services/http/api.server";
import { commentListQuerySchema, commentSchema } from "~/features/community/schemas";
import { listComments } from "~/features/community/store/comments.server";
import { recordInteraction } from "~/features/community/store/interactions.server";
import { messages } from "~/features/community/messages";

/** GET /api/posts/:id/comments (newest first; `before` pages) and POST {content}. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const { before, limit = 20 } = readQuery(request, commentListQuerySchema);
    const page = await listComments(postId, user, { before, limit });
    return page ? apiSuccess({ data: page }) : apiError(404, messages.postNotFound);
  },
});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const { content } = await readJson(request, commentSchema);
    const outcome = await recordInteraction(user, postId, "comment", content);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { comment: outcome.comment, post: outcome.post } }, { status: 201 });
  },
});
