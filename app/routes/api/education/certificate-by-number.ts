import { CERTIFICATE_NUMBER, certificateDocument } from "~/features/education/education.server";
import { apiError, apiRoute, requireApiSession } from "~/services/http/api.server";

const NO_CERTIFICATE = "No certificate with this number is yours.";

/**
 * GET /api/education/certificates/:number: one of the caller's certificates as a PDF, by its
 * number, so one stays theirs to download after its course was deleted; 404 for any other.
 */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const number = params.number ?? "";
    const found = CERTIFICATE_NUMBER.test(number) ? await certificateDocument(user.id, { number }) : null;
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
