import { apiError, apiRoute, apiSuccess, failureResponse, readId, requireApiSession } from "~/services/http/api.server";
import { messages } from "~/features/community/messages";
import { deletePost, editPost } from "~/features/community/post-edits.server";
import { getPost } from "~/features/community/store/post-reads.server";
import { readPostEdit } from "~/features/community/post-submission.server";

/**
 * GET /api/posts/:id; PATCH by its author (JSON, or multipart with files media_0.. and
 * `remove_media`); DELETE by its author. Anyone else: 404 when they cannot see it, 403 otherwise.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const post = await getPost(readId(params.id, messages.postNotFound), user);
    return post ? apiSuccess({ data: { post } }) : apiError(404, messages.postNotFound);
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, messages.postNotFound);
    const edit = await readPostEdit(request, user.id);
    if (!edit.ok) return failureResponse(edit);
    try {
      const outcome = await editPost(user, postId, edit.input, { added: edit.added, removed: edit.removed });
      if (!outcome.ok) return failureResponse(outcome);
      return apiSuccess({ message: messages.postUpdated, data: { post: outcome.post } });
    } finally {
      await edit.discard();
    }
  },
  async DELETE({ request, params }) {
    const { user } = await requireApiSession(request);
    const outcome = await deletePost(user, readId(params.id, messages.postNotFound));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
