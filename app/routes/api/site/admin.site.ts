import { siteSettingsSchema } from "~/features/site/schemas";
import { siteView, updateSite } from "~/features/site/settings.server";
import { apiRoute, apiSuccess, failureResponse, readJson, requireAdminApiSession } from "~/services/http/api.server";
import { readSiteSubmission } from "~/features/site/site-submission.server";

/** GET /api/admin/site: the instance's settings (admins only). */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ site: await siteView() });
  },
});

/**
 * PUT /api/admin/site: the settings whole, as JSON, or multipart with the settings as JSON in a
 * `settings` field and the logo as a `logo` file.
 */
export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireAdminApiSession(request);
    if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
      const submission = await readSiteSubmission(request, user.id, "api");
      if (!submission.ok) return failureResponse(submission);
      const outcome = await updateSite(user.id, submission.input, { logoFile: submission.logoFile });
      if (!outcome.ok) {
        await submission.discard();
        return failureResponse(outcome);
      }
      return apiSuccess({ site: outcome.site });
    }
    const input = await readJson(request, siteSettingsSchema);
    const outcome = await updateSite(user.id, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ site: outcome.site });
  },
});
