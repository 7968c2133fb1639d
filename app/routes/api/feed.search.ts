import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/utils/api.server";
import { searchQuerySchema } from "~/utils/community";
import { searchPosts } from "~/utils/feed.server";

/** GET /api/feed/search?query=&category=&post_type=&page=&limit= */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, searchQuerySchema);
    return apiSuccess({ data: searchPosts(query, user.id) });
  },
});
