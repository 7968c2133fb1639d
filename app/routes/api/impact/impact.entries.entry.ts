import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { changeEntry, deleteEntry, getEntry, NO_SUCH_ENTRY } from "~/features/impact/entries.server";
import { entryChangeSchema } from "~/features/impact/schemas";

/**
 * GET, PATCH (any field of an entry) and DELETE /api/impact/entries/:id: only the caller's own
 * entries (404 for anyone else's), and only recorded ones change (403 for those from orders).
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const entry = await getEntry(user, readId(params.id, NO_SUCH_ENTRY));
    return entry ? apiSuccess({ data: { entry } }) : apiError(404, NO_SUCH_ENTRY);
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireApiSession(request);
    const id = readId(params.id, NO_SUCH_ENTRY);
    const change = await readJson(request, entryChangeSchema);
    const outcome = await changeEntry(user, id, change);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { entry: outcome.entry }, message: outcome.message });
  },
  async DELETE({ request, params }) {
    const { user } = await requireApiSession(request);
    const outcome = await deleteEntry(user, readId(params.id, NO_SUCH_ENTRY));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message });
  },
});
