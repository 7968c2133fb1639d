import { apiError, apiRoute, readId, requireApiSession } from "~/services/http/api.server";
import { transferNotePdf } from "~/features/transfer-notes/pdf.server";
import { transferNoteFor } from "~/features/transfer-notes/register.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";

/**
 * GET /api/transfer-notes/:id/pdf: the note as a PDF download named after its number, for its two
 * parties only. The note's page links here, so a signed-in browser downloads it with its cookie.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const note = await transferNoteFor(user.id, readId(params.id, NO_SUCH_NOTE));
    if (!note) return apiError(404, NO_SUCH_NOTE);
    return new Response(new Uint8Array(await transferNotePdf(note)), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${note.number}.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
