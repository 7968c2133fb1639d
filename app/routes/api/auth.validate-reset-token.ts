import { apiError, apiRoute, apiSuccess, readJson } from "~/utils/api.server";
import { INVALID_RESET_LINK, resetTokenSchema } from "~/utils/auth-schemas";
import { isResetTokenValid } from "~/utils/auth.server";

export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { token } = await readJson(request, resetTokenSchema);
    if (!isResetTokenValid(token)) return apiError(400, INVALID_RESET_LINK, { errors: { token: INVALID_RESET_LINK } });
    return apiSuccess({ valid: true });
  },
});
