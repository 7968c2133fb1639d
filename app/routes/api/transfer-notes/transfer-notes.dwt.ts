import { apiError, apiRoute, apiSuccess, readId, readQuery, requireApiSession } from "~/services/http/api.server";
import { dwtReceiptFor } from "~/features/transfer-notes/dwt-receipt.server";
import { dwtReceiptQuerySchema, NO_SUCH_NOTE, RECEIPT_IS_THE_TRANSFEREES } from "~/features/transfer-notes/schemas";

/**
 * GET /api/transfer-notes/:id/dwt: the transferee's receipt for digital waste tracking, with what
 * the note cannot fill named rather than guessed. The transferor is refused (403); anyone else
 * finds nothing (404). `?download=1` sends the receipt alone as a JSON file, for the page's link.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const { download } = readQuery(request, dwtReceiptQuerySchema);
    const outcome = await dwtReceiptFor(user.id, readId(params.id, NO_SUCH_NOTE));
    if (!outcome.ok) return outcome.status === 403 ? apiError(403, RECEIPT_IS_THE_TRANSFEREES) : apiError(404, NO_SUCH_NOTE);
    if (download)
      return new Response(JSON.stringify(outcome.answer.receipt, null, 2), {
        headers: {
          "Content-Type": "application/json",
          "Content-Disposition": `attachment; filename="${outcome.note.number}-dwt-receipt.json"`,
          "Cache-Control": "no-store",
        },
      });
    return apiSuccess({ data: outcome.answer });
  },
});
