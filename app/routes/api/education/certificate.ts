import { certificateDocument } from "~/features/education/education.server";
import { apiError, apiRoute, readId, requireApiSession } from "~/services/http/api.server";

const NO_CERTIFICATE = "No certificate: the course does not exist, or the caller has not completed it.";

/** GET /api/education/courses/:id/certificate: the caller's certificate of the course as a PDF; 404 until they complete it. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const found = await certificateDocument(user.id, readId(params.id, NO_CERTIFICATE));
    if (!found) return apiError(404, NO_CERTIFICATE);
    return new Response(new Uint8Array(found.pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="certificate-${found.number}.pdf"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
