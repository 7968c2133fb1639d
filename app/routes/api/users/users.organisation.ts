import { apiRoute, apiSuccess, readJson, requireApiSession } from "~/services/http/api.server";
import { memberOrganisation, replaceOrganisation } from "~/features/organisation/organisation.server";
import { organisationSchema } from "~/features/organisation/schemas";

export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ organisation: await memberOrganisation(user.id) });
  },
});

export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireApiSession(request);
    const input = await readJson(request, organisationSchema);
    return apiSuccess({ organisation: await replaceOrganisation(user.id, input) });
  },
});
