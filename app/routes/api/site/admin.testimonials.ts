import { testimonialSchema } from "~/features/site/schemas";
import { addTestimonial, listTestimonials } from "~/features/site/testimonials.server";
import { apiRoute, apiSuccess, failureResponse, readJson, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/testimonials: every testimonial, oldest first, shown or waiting for its member's consent. */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ testimonials: await listTestimonials() });
  },
});

/** POST /api/admin/testimonials `{name, role, company, quote, rating, member_id?}` → 201 `{testimonial}`. */
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireAdminApiSession(request);
    const outcome = await addTestimonial(user.id, await readJson(request, testimonialSchema));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ testimonial: outcome.testimonial }, { status: 201 });
  },
});
