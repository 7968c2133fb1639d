import { changeMember, memberDetail, MEMBER_NOT_FOUND } from "~/features/moderation/members.server";
import { memberChangeSchema } from "~/features/moderation/member-schemas";
import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  requireAdminApiSession,
} from "~/services/http/api.server";

/** GET /api/admin/users/:id: the member, their recent content, the reports about them and their audit rows. */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const detail = await memberDetail(readId(params.id, MEMBER_NOT_FOUND));
    if (!detail) return apiError(404, MEMBER_NOT_FOUND);
    return apiSuccess({ data: detail });
  },
});

/** PATCH /api/admin/users/:id `{is_verified?, author_type?, suspended?, role?, note?}` → `{user}`. */
export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user: admin } = await requireAdminApiSession(request);
    const id = readId(params.id, MEMBER_NOT_FOUND);
    const change = await readJson(request, memberChangeSchema);
    const outcome = await changeMember(admin, id, change);
    if (!outcome.ok) return failureResponse({ ...outcome, message: outcome.message ?? "The change was refused." });
    return apiSuccess({ data: { user: outcome.user } });
  },
});
