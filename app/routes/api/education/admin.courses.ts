import { adminCourses, createCourse } from "~/features/education/content.server";
import { courseInputSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import { apiRoute, apiSuccess, readJson, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/education/courses and POST {title, summary, body_markdown, topic, level, byline, duration, featured} (admins). */
export const loader = apiRoute({
  async GET({ request }) {
    await requireAdminApiSession(request);
    return apiSuccess({ data: { courses: await adminCourses() } });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    await requireAdminApiSession(request);
    const input = await readJson(request, courseInputSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const { course } = await createCourse(input);
    return apiSuccess({ data: { course } }, { status: 201 });
  },
});
