import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/api.server";
import { publicUser } from "~/features/auth/auth.server";
import { patchProfile } from "~/features/account/profile-api.server";
import { z } from "~/lib/zod";

/** Any of the profile's fields; unknown ones are ignored, each given one is checked by the profile's rules. */
const profilePatchSchema = z.record(z.string(), z.unknown());

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
