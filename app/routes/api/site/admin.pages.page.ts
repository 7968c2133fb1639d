import { pageSlugSchema, sitePageSchema } from "~/features/site/schemas";
import { currentPage, writePage } from "~/features/site/pages.server";
import { apiError, apiRoute, apiSuccess, readJson, requireAdminApiSession } from "~/services/http/api.server";

const NO_SUCH_PAGE = "There is no such page: terms, privacy, about or cookies.";

/** GET /api/admin/pages/:slug: the page's current version (null while the shipped text stands). */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const slug = pageSlugSchema.safeParse(params.slug);
    if (!slug.success) return apiError(404, NO_SUCH_PAGE);
    return apiSuccess({ page: await currentPage(slug.data) });
  },
});

/** PUT /api/admin/pages/:slug `{title, body_markdown}` → `{page}`: its next version. */
export const action = apiRoute({
  async PUT({ request, params }) {
    const { user } = await requireAdminApiSession(request);
    const slug = pageSlugSchema.safeParse(params.slug);
    if (!slug.success) return apiError(404, NO_SUCH_PAGE);
    const input = await readJson(request, sitePageSchema, { maxBytes: 256 * 1024 });
    return apiSuccess({ page: await writePage(user.id, slug.data, input) });
  },
});
