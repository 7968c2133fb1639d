import { adminArticles, createArticle } from "~/features/education/content.server";
import { articleInputSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import { apiRoute, apiSuccess, readJson, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/education/articles and POST {title, summary, body_markdown, topic, byline}: the hub's articles (admins). */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ data: { articles: await adminArticles() } });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    await requireAdminApiSession(request);
    const input = await readJson(request, articleInputSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const { article } = await createArticle(input);
    return apiSuccess({ data: { article } }, { status: 201 });
  },
});
