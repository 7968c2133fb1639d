import { uploadImage } from "~/features/education/images.server";
import { apiRoute, apiSuccess, failureResponse, requireAdminApiSession } from "~/services/http/api.server";

/** POST /api/admin/education/images (multipart, field `image`): an image for articles and lessons (admins). */
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireAdminApiSession(request);
    const outcome = await uploadImage(request, user.id);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { image: outcome.image } }, { status: 201 });
  },
});
