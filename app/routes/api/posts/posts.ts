import { apiError, apiRoute, apiSuccess, failureResponse, requireApiSession } from "~/services/http/api.server";
import { createPostSchema } from "~/features/community/schemas";
import { messages } from "~/features/community/messages";
import { fieldErrors } from "~/lib/forms";
import { readPostSubmission } from "~/features/community/post-submission.server";
import { createPost } from "~/features/community/store/posts.server";

/** POST /api/posts: multipart fields (lists and objects as JSON text) plus media_0..media_4. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const submission = await readPostSubmission(request, user.id);
    if (!submission.ok) return failureResponse(submission);
    try {
      const result = createPostSchema.safeParse(submission.fields);
      if (!result.success) {
        const errors = fieldErrors(result.error);
        return apiError(400, Object.values(errors)[0] ?? messages.createFailed, {
          errors,
        });
      }
      const outcome = await createPost(user, result.data, submission.media);
      if (!outcome.ok) return failureResponse(outcome);
      return apiSuccess({ message: "Post created", data: { post: outcome.post } }, { status: 201 });
    } finally {
      await submission.discard();
    }
  },
});
