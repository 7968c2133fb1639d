import { z } from "~/lib/zod";
import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, readQuery, requireApiSession } from "~/services/api.server";
import { commentSchema } from "~/features/community/community";
import { listComments, POST_NOT_FOUND, recordInteraction } from "~/features/community/posts.server";

const listQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, "before must be a comment id")
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be a whole number from 1 to 50")
    .transform((value) => Math.min(Math.max(Number(value), 1), 50))
    .optional(),
});

/** GET /api/posts/:id/comments (newest first; `before` pages) and POST {content}. */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireApiSession(request);
    const postId = readId(params.id, POST_NOT_FOUND);
    const { before, limit = 20 } = readQuery(request, listQuery);
    const page = listComments(postId, { before, limit });
    return page ? apiSuccess({ data: page }) : apiError(404, POST_NOT_FOUND);
  },
});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const postId = readId(params.id, POST_NOT_FOUND);
    const { content } = await readJson(request, commentSchema);
    const outcome = recordInteraction(user.id, postId, "comment", content);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { comment: outcome.comment, post: outcome.post } }, { status: 201 });
  },
});
