import { apiRoute, apiSuccessJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { searchQuerySchema } from "~/features/community/schemas";
import { searchPosts } from "~/features/community/store/feed.server";
import { feedPageJson } from "~/features/community/store/post-reads.server";

/** GET /api/feed/search?query=&category=&post_type=&page=&limit= */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, searchQuerySchema);
    return apiSuccessJson(feedPageJson(await searchPosts(query, user)));
  },
});
