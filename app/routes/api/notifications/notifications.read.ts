import { apiRoute, apiSuccess, readJson, requireApiSession } from "~/services/http/api.server";
import { markRead } from "~/features/notifications/queries.server";
import { markReadSchema } from "~/features/notifications/schemas";

/** POST /api/notifications/read {ids?}: marks the caller's given notifications read, or all of them. */
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    // An empty body means "all", as `{}` does.
    const length = request.headers.get("content-length");
    const hasBody = (length !== null && length !== "0") || request.headers.get("transfer-encoding") !== null;
    const { ids } = hasBody ? await readJson(request, markReadSchema) : { ids: undefined };
    return apiSuccess({ data: await markRead(user.id, ids) });
  },
});
