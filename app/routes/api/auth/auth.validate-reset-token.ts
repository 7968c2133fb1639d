import { apiError, apiRoute, apiSuccess, readJson } from "~/services/http/api.server";
import { INVALID_RESET_LINK, resetTokenSchema } from "~/features/auth/schemas";
import { isResetTokenValid } from "~/features/auth/auth.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { token } = await readJson(request, resetTokenSchema);
    if (!(await isResetTokenValid(token))) return apiError(400, INVALID_RESET_LINK, { errors: { token: INVALID_RESET_LINK } });
    return apiSuccess({ valid: true });
  },
});
