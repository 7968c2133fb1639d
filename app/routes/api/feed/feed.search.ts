import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { searchQuerySchema } from "~/features/community/schemas";
import { searchPosts } from "~/features/community/store/feed.server";

/** GET /api/feed/search?query=&category=&post_type=&page=&limit= */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, searchQuerySchema);
    return apiSuccess({ data: await searchPosts(query, user) });
  },
});
