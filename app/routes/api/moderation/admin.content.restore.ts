import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  requireAdminApiSession,
} from "~/services/http/api.server";
import { restoreContent } from "~/features/moderation/queue.server";
import { hideableTargetSchema, restoreSchema } from "~/features/moderation/schemas";

/** POST /api/admin/content/:type/:id/restore {note}: a hidden post, comment or listing is back for everyone. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireAdminApiSession(request);
    const type = hideableTargetSchema.safeParse(params.type);
    if (!type.success) return apiError(404, "Only a post, a comment or a listing can be restored.");
    const id = readId(params.id, `This ${type.data} does not exist.`);
    const { note } = await readJson(request, restoreSchema);
    const outcome = await restoreContent(user, type.data, id, note);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { restored: outcome.restored }, message: outcome.message });
  },
});
