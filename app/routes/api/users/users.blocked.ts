import { apiRoute, apiSuccess, readQuery, requireApiSession } from "~/services/http/api.server";
import { listPageSchema } from "~/features/community/schemas";
import { listBlocked } from "~/features/moderation/blocks.server";

/** GET /api/users/blocked (`page`, `limit`): the members the caller blocked, newest block first. */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: await listBlocked(user, readQuery(request, listPageSchema)) });
  },
});
