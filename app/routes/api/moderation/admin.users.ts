import { searchMembers } from "~/features/moderation/members.server";
import { memberSearchSchema } from "~/features/moderation/member-schemas";
import { apiRoute, apiSuccess, readQuery, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/users?search&page: members by name or e-mail, newest first (admins only). */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ data: await searchMembers(readQuery(request, memberSearchSchema)) });
  },
});
export const action = apiRoute({});
