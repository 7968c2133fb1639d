import { apiError, apiRoute, apiSuccess, readId, requireApiSession } from "~/services/http/api.server";
import { transferNoteFor } from "~/features/transfer-notes/register.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";

/** GET /api/transfer-notes/:id: the note, for its two parties only (404 for anyone else, as for no note). */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const note = await transferNoteFor(user.id, readId(params.id, NO_SUCH_NOTE));
    return note ? apiSuccess({ data: { note } }) : apiError(404, NO_SUCH_NOTE);
  },
});
