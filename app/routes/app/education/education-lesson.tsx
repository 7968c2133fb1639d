import { siteTitle } from "~/lib/site-title";
import { RenderedMarkdown } from "~/components/markdown";
import { ArrowLeft, ArrowRight, CheckCircle2 } from "~/components/icons";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { RouteError } from "~/components/route-error";
import { SampleMark } from "~/components/education/sample-mark";
import { idParam } from "~/features/education/education";
import { coursePageAction } from "~/features/education/course-page.server";
import { readLesson } from "~/features/education/education.server";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/education-lesson";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.lesson.title ?? "Lesson not found"} · Education Hub`) },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const courseId = idParam(params.id);
  const lessonId = idParam(params.lesson_id);
  const found = courseId && lessonId ? await readLesson(user.id, courseId, lessonId) : null;
  if (!found) throw data({ message: "Lesson not found" }, { status: 404 });
  return found;
}

/** Mark as done / not done: a plain form that comes back here (a toast says when the course is completed). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const { answer, returnTo } = await coursePageAction(user.id, idParam(params.id), Object.fromEntries(form), {
    fromLesson: true,
  });
  return answerForm(form, answer, { returnTo, failureInPlace: true });
}

export default function EducationLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { course, lesson, previous, next, enrolled, done } = loaderData;
  const pending = useNavigation().state === "submitting";
  const courseLink = `/app/education/courses/${course.id}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {/* A long title wraps (breaking a long word anywhere) and the arrow keeps its size beside its first line. */}
      <Link
        to={courseLink}
        className="inline-flex max-w-full items-start gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 wrap-anywhere">Back to {course.title}</span>
      </Link>
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {actionData.message}
        </p>
      ) : null}
      <article
        aria-labelledby="lesson-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 wrap-anywhere sm:p-8"
      >
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
          Lesson {lesson.position} of {course.lessonCount} {course.isSample ? <SampleMark /> : null}
        </p>
        <h2 id="lesson-title" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {lesson.title}
        </h2>
        {lesson.summary ? <p className="mt-2 text-lg text-slate-700">{lesson.summary}</p> : null}
        <div className="mt-6">
          <RenderedMarkdown html={lesson.html} />
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-6">
          {done ? (
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
              <CheckCircle2 aria-hidden className="size-5" /> Done
            </span>
          ) : null}
          {enrolled ? (
            <Form method="post">
              <input type="hidden" name="intent" value="lesson" />
              <input type="hidden" name="lesson" value={lesson.id} />
              <input type="hidden" name="done" value={done ? "0" : "1"} />
              <button
                type="submit"
                aria-disabled={pending || undefined}
                className={`rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${
                  done
                    ? "text-slate-700 ring-slate-300 hover:bg-slate-50"
                    : "bg-brand-600 text-white ring-brand-600 hover:bg-brand-700"
                }`}
              >
                {done ? "Mark as not done" : "Mark as done"}
              </button>
            </Form>
          ) : (
            <Link to={courseLink} className="text-sm font-medium text-brand-700 underline">
              Start the course to mark lessons as done
            </Link>
          )}
        </div>
      </article>
      <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3 text-sm font-medium">
        {previous ? (
          <Link
            to={`${courseLink}/lessons/${previous.id}`}
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> {previous.position}. {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`${courseLink}/lessons/${next.id}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
            {next.position}. {next.title} <ArrowRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Lesson not found", message: "This lesson doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/education", label: "Back to the Education Hub" }]}
    />
  );
}
