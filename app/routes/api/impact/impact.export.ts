import { entriesCsv, exportFileName } from "~/features/impact/export.server";
import { rangeOf, todayIn } from "~/features/impact/periods";
import { apiError, apiRoute, requireApiSession } from "~/services/http/api.server";
import { startExport } from "~/services/member-exports.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import { timeZoneOf } from "~/services/http/time-zone.server";

/**
 * GET /api/impact/export?from=&to= : the caller's entries as a CSV download, oldest first; both
 * dates or neither (every entry). The report page links here, so a signed-in browser downloads it
 * with its cookie, scripts or not. One download at a time per member, EXPORTS_PER_HOUR an hour:
 * 429 with Retry-After otherwise.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const params = new URL(request.url).searchParams;
    // An empty field (a form sent without dates) is no date.
    const from = params.get("from") || null;
    const to = params.get("to") || null;
    let range = null;
    if (from || to) {
      const asked = rangeOf({ from, to }, todayIn(timeZoneOf(request)));
      if (!asked.ok) return apiError(400, asked.message);
      range = asked.range;
    }
    const started = await startExport(user.id, "impact");
    if (!started.ok) return apiError(429, started.message, { headers: retryAfterHeaders(started) });
    return new Response(entriesCsv(user, range, { lease: started.lease, signal: request.signal }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(range)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
