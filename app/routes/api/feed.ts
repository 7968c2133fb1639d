import { apiError, apiRoute, apiSuccessJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { FEED_KINDS, type FeedKind } from "~/features/community/vocabulary";
import { feedQuerySchema } from "~/features/community/schemas";
import { getFeed } from "~/features/community/store/feed.server";
import { feedPageJson } from "~/features/community/store/post-reads.server";

/** GET /api/feed/personalized | trending | local | following */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request, params }) {
    const kind = params.feed as FeedKind;
    if (!FEED_KINDS.includes(kind)) return apiError(404, "There is no such feed.");
    const { user } = await requireApiSession(request);
    const query = readQuery(request, feedQuerySchema);
    return apiSuccessJson(feedPageJson(await getFeed(kind, query, user)));
  },
});
