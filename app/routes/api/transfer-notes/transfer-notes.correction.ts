import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { correctNote } from "~/features/transfer-notes/corrections.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";
import { noteCorrectionSchema } from "~/features/transfer-notes/corrections";

/** POST /api/transfer-notes/:id/correction: 201 with the new note; 404 for anyone but its parties; 409 once it was corrected. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const noteId = readId(params.id, NO_SUCH_NOTE);
    const correction = await readJson(request, noteCorrectionSchema);
    const outcome = await correctNote(user, noteId, correction);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { note: outcome.note } }, { status: 201 });
  },
});
