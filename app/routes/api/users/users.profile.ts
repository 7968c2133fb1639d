import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";
import { publicUser } from "~/features/auth/auth.server";
import { patchProfile } from "~/features/account/profile-api.server";
import { profilePatchSchema } from "~/features/account/schemas";

export const action = apiRoute({
  async PATCH({ request }) {
    const { user } = await requireApiSession(request);
    const patch = await readJson(request, profilePatchSchema);
    const outcome = await patchProfile(user.id, patch);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ user: outcome.user });
  },
});
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ user: publicUser(user) });
  },
});
