import { siteTitle } from "~/lib/site-title";
import { data } from "react-router";
import { Link } from "~/lib/link";
import { ContentEditor } from "~/components/education/content-editor";
import { RouteError } from "~/components/route-error";
import { adminCourse } from "~/features/education/content.server";
import { contentPageAction } from "~/features/education/admin-pages.server";
import { ADMIN_EDUCATION, idParam } from "~/features/education/education";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/lesson-edit";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.lesson?.title ?? "New lesson"} · Education · Admin`) },
];

/** /app/admin/education/courses/:id/lessons/new and /:lesson_id: write, change or move a lesson; `?delete` asks first. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const courseId = idParam(params.id);
  const found = courseId ? await adminCourse(courseId) : null;
  if (!found) throw data({ message: "Course not found" }, { status: 404 });
  const base = { course: { id: found.course.id, title: found.course.title }, lessonCount: found.lessons.length };
  if (params.lesson_id === undefined) return { ...base, lesson: null, confirmingDelete: false };
  const lesson = found.lessons.find((item) => String(item.id) === params.lesson_id) ?? null;
  if (!lesson) throw data({ message: "Lesson not found" }, { status: 404 });
  return { ...base, lesson, confirmingDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const courseId = idParam(params.id);
  const id = params.lesson_id === undefined ? null : idParam(params.lesson_id);
  if (!courseId || (params.lesson_id !== undefined && id === null)) throw data({ message: "Lesson not found" }, { status: 404 });
  const form = await request.formData();
  const { answer, returnTo } = await contentPageAction({ kind: "lesson", courseId, id }, Object.fromEntries(form));
  return answerForm(form, answer, { returnTo, failureInPlace: true });
}

export default function LessonEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { course, lesson, lessonCount, confirmingDelete } = loaderData;
  const courseEdit = `${ADMIN_EDUCATION}/courses/${course.id}`;
  return (
    <div className="space-y-5">
      {/* A long title wraps, breaking a long word anywhere, inside the page. */}
      <Link to={courseEdit} className="inline-block max-w-full text-sm font-medium wrap-anywhere text-brand-700 hover:underline">
        Back to {course.title}
      </Link>
      <h2 className="text-xl font-semibold wrap-anywhere text-slate-900">
        {lesson ? `Edit “${lesson.title}”` : `New lesson of ${course.title}`}
      </h2>
      <ContentEditor
        kind="lesson"
        saved={lesson}
        actionData={actionData}
        cancelTo={courseEdit}
        confirmingDelete={confirmingDelete}
        lessonCount={lessonCount}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: ADMIN_EDUCATION, label: "Back to Education" }]} />;
}
