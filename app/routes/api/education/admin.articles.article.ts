import { adminArticle, changeArticle, NO_ARTICLE, removeArticle } from "~/features/education/content.server";
import { articleChangeSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  requireAdminApiSession,
} from "~/services/http/api.server";

/** GET, PATCH and DELETE /api/admin/education/articles/:id (admins). */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const article = await adminArticle(readId(params.id, NO_ARTICLE));
    if (!article) return apiError(404, NO_ARTICLE);
    return apiSuccess({ data: { article } });
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    await requireAdminApiSession(request);
    const id = readId(params.id, NO_ARTICLE);
    const input = await readJson(request, articleChangeSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const outcome = await changeArticle(id, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { article: outcome.article } });
  },
  async DELETE({ request, params }) {
    await requireAdminApiSession(request);
    const outcome = await removeArticle(readId(params.id, NO_ARTICLE));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: "Article deleted" });
  },
});
