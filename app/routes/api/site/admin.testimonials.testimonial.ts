import { testimonialPatchSchema } from "~/features/site/schemas";
import { changeTestimonial, removeTestimonial } from "~/features/site/testimonials.server";
import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireAdminApiSession } from "~/services/http/api.server";

const NOT_FOUND = "There is no such testimonial.";

export const loader = apiRoute({});

/** PATCH /api/admin/testimonials/:id (any field) → `{testimonial}`; DELETE → `{}`. */
export const action = apiRoute({
  async PATCH({ request, params }) {
    const { user } = await requireAdminApiSession(request);
    const id = readId(params.id, NOT_FOUND);
    const outcome = await changeTestimonial(user.id, id, await readJson(request, testimonialPatchSchema));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ testimonial: outcome.testimonial });
  },
  async DELETE({ request, params }) {
    const { user } = await requireAdminApiSession(request);
    const outcome = await removeTestimonial(user.id, readId(params.id, NOT_FOUND));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({});
  },
});
