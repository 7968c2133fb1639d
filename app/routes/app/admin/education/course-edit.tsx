import { siteTitle } from "~/lib/site-title";
import { data } from "react-router";
import { Link } from "~/lib/link";
import { ContentEditor } from "~/components/education/content-editor";
import { RouteError } from "~/components/route-error";
import { adminCourse } from "~/features/education/content.server";
import { contentPageAction } from "~/features/education/admin-pages.server";
import { ADMIN_EDUCATION, idParam } from "~/features/education/education";
import { countOf } from "~/lib/plural";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/course-edit";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.course?.title ?? "New course"} · Education · Admin`) },
];

/** /app/admin/education/courses/new and /:id: write or change a course, and reach its lessons; `?delete` asks first. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.id === undefined) return { course: null, lessons: [], confirmingDelete: false };
  const id = idParam(params.id);
  const found = id ? await adminCourse(id) : null;
  if (!found) throw data({ message: "Course not found" }, { status: 404 });
  return { ...found, confirmingDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = params.id === undefined ? null : idParam(params.id);
  if (params.id !== undefined && id === null) throw data({ message: "Course not found" }, { status: 404 });
  const form = await request.formData();
  const { answer, returnTo } = await contentPageAction({ kind: "course", id }, Object.fromEntries(form));
  return answerForm(form, answer, { returnTo, failureInPlace: true });
}

export default function CourseEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { course, lessons, confirmingDelete } = loaderData;
  return (
    <div className="space-y-5">
      <Link to={ADMIN_EDUCATION} className="text-sm font-medium text-brand-700 hover:underline">
        Back to Education
      </Link>
      <h2 className="text-xl font-semibold text-slate-900">{course ? `Edit “${course.title}”` : "New course"}</h2>
      {course ? (
        <section aria-labelledby="lessons-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 id="lessons-title" className="font-semibold text-slate-900">
            {countOf(lessons.length, "lesson")}
          </h3>
          {lessons.length ? (
            <ol className="mt-2 space-y-1">
              {lessons.map((lesson) => (
                <li key={lesson.id}>
                  <span className="text-slate-500">{lesson.position}.</span>{" "}
                  <Link
                    to={`${ADMIN_EDUCATION}/courses/${course.id}/lessons/${lesson.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {lesson.title}
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No lessons yet: members complete a course by marking each lesson done.</p>
          )}
          <p className="mt-3 flex flex-wrap gap-4 text-sm">
            <Link to={`${ADMIN_EDUCATION}/courses/${course.id}/lessons/new`} className="font-semibold text-brand-700 underline">
              Add a lesson
            </Link>
            <Link to={`/app/education/courses/${course.id}`} className="text-brand-700 underline">
              See it as members do
            </Link>
          </p>
        </section>
      ) : null}
      <ContentEditor
        kind="course"
        saved={course}
        actionData={actionData}
        cancelTo={ADMIN_EDUCATION}
        confirmingDelete={confirmingDelete}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: ADMIN_EDUCATION, label: "Back to Education" }]} />;
}
