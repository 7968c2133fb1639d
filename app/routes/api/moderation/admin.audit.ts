import { listAuditLog } from "~/features/moderation/audit-log.server";
import { auditQuerySchema } from "~/features/moderation/member-schemas";
import { apiRoute, apiSuccess, readQuery, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/audit?admin&action&page: the audit log, newest first (admins only). Nothing changes it: no other method. */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ data: await listAuditLog(readQuery(request, auditQuerySchema)) });
  },
});
export const action = apiRoute({});
