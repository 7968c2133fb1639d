import { exportAccount } from "~/features/account/export.server";
import { apiError, apiRoute, requireApiSession } from "~/services/api.server";

export const action = apiRoute({});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const document = exportAccount(user.id);
    if (!document) return apiError(404, "This account no longer exists.");
    const day = document.exported_at.slice(0, 10);
    return new Response(JSON.stringify(document, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="circular-hub-${user.id}-${day}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
