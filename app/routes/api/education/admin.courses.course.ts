import { adminCourse, changeCourse, NO_COURSE, removeCourse } from "~/features/education/content.server";
import { courseChangeSchema, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import {
  apiError,
  apiRoute,
  apiSuccess,
  failureResponse,
  readId,
  readJson,
  requireAdminApiSession,
} from "~/services/http/api.server";

/** GET (with its lessons), PATCH and DELETE /api/admin/education/courses/:id (admins). */
export const loader = apiRoute({
  async GET({ request, params }) {
    await requireAdminApiSession(request);
    const found = await adminCourse(readId(params.id, NO_COURSE));
    if (!found) return apiError(404, NO_COURSE);
    return apiSuccess({ data: found });
  },
});

export const action = apiRoute({
  async PATCH({ request, params }) {
    await requireAdminApiSession(request);
    const id = readId(params.id, NO_COURSE);
    const input = await readJson(request, courseChangeSchema, { maxBytes: MAX_CONTENT_JSON_BYTES });
    const outcome = await changeCourse(id, input);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { course: outcome.course } });
  },
  async DELETE({ request, params }) {
    await requireAdminApiSession(request);
    const outcome = await removeCourse(readId(params.id, NO_COURSE));
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: "Course deleted" });
  },
});
