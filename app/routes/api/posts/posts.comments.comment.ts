import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { messages } from "~/features/community/messages";
import { deleteComment, editComment } from "~/features/community/post-edits.server";
import { commentSchema } from "~/features/community/schemas";

/**
 * PATCH {content} and DELETE /api/posts/:id/comments/:comment_id, by the comment's author only:
 * anyone else gets 404 when they cannot see it, 403 otherwise.
 */
export const loader = apiRoute({});

export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const commentId = readId(params.comment_id, messages.commentNotFound);
    const { content } = await readJson(request, commentSchema);
    const outcome = await editComment(user, postId, commentId, content);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: messages.commentUpdated, data: { comment: outcome.comment } });
  },
  async DELETE({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const outcome = await deleteComment(user, postId, readId(params.comment_id, messages.commentNotFound));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { post: outcome.post } });
  },
});
