import { adminLesson, changeLesson, NO_LESSON, removeLesson } from "~/features/education/content.server";
import { lessonChangeSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  requireAdminApiSession,
} from "~/services/http/api.server";

/** GET, PATCH (its text, or `position` to move it) and DELETE /api/admin/education/courses/:id/lessons/:lesson_id (admins). */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const lesson = await adminLesson(readId(params.id, NO_LESSON), readId(params.lesson_id, NO_LESSON));
    if (!lesson) return apiError(404, NO_LESSON);
    return apiSuccess({ data: { lesson } });
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    await requireAdminApiSession(request);
    const [courseId, lessonId] = [readId(params.id, NO_LESSON), readId(params.lesson_id, NO_LESSON)];
    const input = await readJson(request, lessonChangeSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const outcome = await changeLesson(courseId, lessonId, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { lesson: outcome.lesson } });
  },
  async DELETE({ request, params }) {
    await requireAdminApiSession(request);
    const outcome = await removeLesson(readId(params.id, NO_LESSON), readId(params.lesson_id, NO_LESSON));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: "Lesson deleted" });
  },
});
