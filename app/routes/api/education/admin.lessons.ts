import { addLesson, courseLessons, NO_COURSE } from "~/features/education/content.server";
import { lessonInputSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import { apiRoute, apiSuccess, failureResponse, readId, readJson, requireAdminApiSession } from "~/services/http/api.server";

/** GET /api/admin/education/courses/:id/lessons (in order) and POST {title, summary, body_markdown, position?} (admins). */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const outcome = await courseLessons(readId(params.id, NO_COURSE));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { lessons: outcome.lessons } });
  },
});

export const action = apiRoute({
  async POST({ request, params }) {
    await requireAdminApiSession(request);
    const courseId = readId(params.id, NO_COURSE);
    const input = await readJson(request, lessonInputSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const outcome = await addLesson(courseId, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { lesson: outcome.lesson } }, { status: 201 });
  },
});
