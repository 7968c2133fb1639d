import { apiError, apiRoute, apiSuccessJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { CATEGORIES, type Category } from "~/features/community/vocabulary";
import { feedQuerySchema } from "~/features/community/schemas";
import { getFeed } from "~/features/community/store/feed.server";
import { feedPageJson } from "~/features/community/store/post-reads.server";

/** GET /api/feed/category/:category: For You with the category fixed by the path. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const category = params.category as Category;
    if (!CATEGORIES.includes(category)) {
      return apiError(400, "Unknown category", {
        errors: { category: "Unknown category" },
      });
    }
    const query = readQuery(request, feedQuerySchema);
    return apiSuccessJson(feedPageJson(await getFeed("personalized", { ...query, category }, user)));
  },
});
