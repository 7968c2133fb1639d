import { registerCsv, registerFileName } from "~/features/transfer-notes/export.server";
import { registerExportQuerySchema } from "~/features/transfer-notes/schemas";
import { apiError, apiRoute, readQuery, requireApiSession } from "~/services/http/api.server";
import { startExport } from "~/services/member-exports.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";

/**
 * GET /api/transfer-notes/export?from&to: the caller's register as a CSV download, oldest transfer
 * first (UTC days, both optional). As the other exports: one download at a time per member, a few
 * an hour (429 with Retry-After otherwise), sent a piece at a time.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, registerExportQuerySchema);
    const started = await startExport(user.id, "transfer-notes");
    if (!started.ok) return apiError(429, started.message, { headers: retryAfterHeaders(started) });
    return new Response(registerCsv(user.id, query, { lease: started.lease, signal: request.signal }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${registerFileName(query)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
