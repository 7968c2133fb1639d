import { exportAccount } from "~/features/account/export.server";
import { apiError, apiRoute, requireApiSession } from "~/services/http/api.server";
import { releaseExport, startExport } from "~/services/member-exports.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";

/**
 * GET /api/users/export : everything stored about the caller as one JSON download. One download
 * at a time per member, EXPORTS_PER_HOUR an hour: 429 with Retry-After otherwise.
 */
export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const started = await startExport(user.id, "account");
    if (!started.ok) return apiError(429, started.message, { headers: retryAfterHeaders(started) });
    let exported;
    try {
      exported = await exportAccount(user.id, { lease: started.lease, signal: request.signal });
    } catch (error) {
      await releaseExport(started.lease);
      throw error;
    }
    if (!exported) {
      await releaseExport(started.lease);
      return apiError(404, "This account no longer exists.");
    }
    const day = exported.exportedAt.slice(0, 10);
    return new Response(exported.body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="circular-hub-${user.id}-${day}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
