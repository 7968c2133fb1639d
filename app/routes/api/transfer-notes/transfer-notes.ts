import { apiRoute, apiSuccessJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { transferNoteRegisterJson } from "~/features/transfer-notes/register.server";
import { registerQuerySchema } from "~/features/transfer-notes/schemas";

/**
 * GET /api/transfer-notes?role&from&to&page: the caller's register of transfer notes, newest
 * transfer first, 25 a page, with the filtered register's weight by code.
 */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccessJson(await transferNoteRegisterJson(user.id, readQuery(request, registerQuerySchema)));
  },
});
