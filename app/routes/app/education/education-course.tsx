import { siteTitle } from "~/lib/site-title";
import { RenderedMarkdown } from "~/components/markdown";
import { ArrowLeft, Award, CheckCircle2, Circle, Clock, GraduationCap } from "~/components/icons";
import { useRef } from "react";
import { data, useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { RouteError } from "~/components/route-error";
import { idParam } from "~/features/education/education";
import { coursePageAction } from "~/features/education/course-page.server";
import { readCourse } from "~/features/education/education.server";
import { SampleMark, topicLabel } from "~/components/education/sample-mark";
import { ignoreWhilePending, type FormResult } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/education-course";
import { Spaced } from "~/components/spaced";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.course.title ?? "Course not found"} · Education Hub`) },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const found = id ? await readCourse(user.id, id) : null;
  if (!found) throw data({ message: "Course not found" }, { status: 404 });
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const { answer, returnTo } = await coursePageAction(user.id, idParam(params.id), Object.fromEntries(form));
  // A refusal answers with its status; the page shows it (a fetcher as a toast, a plain form in place).
  // Without JavaScript a success goes back to the course, at the lesson just marked, with a toast.
  return answerForm(form, answer, { returnTo, failureInPlace: true });
}

/**
 * One lesson with its own form, so its button stays the same element when it flips between
 * "Mark as done" and "Mark as not done" and keeps the keyboard focus. The new state shows at once
 * while it is sent; the progress line (a live region) says the new count.
 */
function Lesson({
  courseId,
  lessonId,
  position,
  title,
  done,
  enrolled,
}: {
  courseId: number;
  lessonId: number;
  position: number;
  title: string;
  done: boolean;
  enrolled: boolean;
}) {
  const fetcher = useFetcher<FormResult<{ certified?: boolean }>>();
  // Marking lessons is quiet when it works (the button and the count say so), unless it completed the course.
  useFormResult(fetcher, (result) => {
    if (!result.ok || result.certified) toastResult(result);
  });
  const pending = fetcher.state !== "idle";
  const shownDone = fetcher.formData ? fetcher.formData.get("done") === "1" : done;
  return (
    <li id={`lesson-${lessonId}`} className="flex scroll-mt-32 flex-wrap items-center gap-3 py-3">
      {shownDone ? (
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-emerald-600" />
      ) : (
        <Circle aria-hidden className="size-5 shrink-0 text-slate-300" />
      )}
      <p className="min-w-0 flex-1 text-slate-800 wrap-anywhere">
        <span className="text-slate-500">{position}.</span>{" "}
        <Link
          to={`/app/education/courses/${courseId}/lessons/${lessonId}`}
          className="font-medium hover:text-brand-700 hover:underline"
        >
          {title}
        </Link>
        {shownDone ? <span className="ml-2 text-sm font-medium text-emerald-700">Done</span> : null}
      </p>
      {enrolled ? (
        <fetcher.Form method="post" preventScrollReset onSubmit={ignoreWhilePending(pending)}>
          <input type="hidden" name="intent" value="lesson" />
          <input type="hidden" name="lesson" value={lessonId} />
          <input type="hidden" name="done" value={shownDone ? "0" : "1"} />
          <EnhancedFields />
          <button
            type="submit"
            // The name starts with the words it shows, then says which lesson.
            aria-label={`${shownDone ? "Mark as not done" : "Mark as done"}: ${position}. ${title}`}
            aria-disabled={pending || undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ${
              shownDone
                ? "text-slate-700 ring-slate-300 hover:bg-slate-50"
                : "bg-brand-600 text-white ring-brand-600 hover:bg-brand-700"
            }`}
          >
            {shownDone ? "Mark as not done" : "Mark as done"}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export default function EducationCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, lessons, enrolled, done, certified } = loaderData;
  const enrolment = useFetcher<FormResult>();
  const lessonsList = useRef<HTMLOListElement>(null);
  useFormResult(enrolment, (result) => {
    toastResult(result);
    // Enrolling replaces its button with the lessons' buttons: the focus goes to the first lesson to do.
    if (result.ok) lessonsList.current?.querySelector<HTMLButtonElement>("button")?.focus();
  });
  const total = lessons.length;
  const count = done.length;
  const doneSet = new Set(done);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/app/education" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the Education Hub
      </Link>
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {actionData.message}
        </p>
      ) : null}
      <section
        aria-labelledby="course-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 wrap-anywhere sm:p-8"
      >
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
          {[topicLabel(course.topic), course.level].filter(Boolean).join(" · ")} {course.isSample ? <SampleMark /> : null}
        </p>
        <h2 id="course-title" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {course.title}
        </h2>
        {course.summary ? <p className="mt-2 text-slate-600">{course.summary}</p> : null}
        <p className="mt-3 flex flex-wrap gap-4 text-sm text-slate-600">
          <Spaced>
            {course.byline ? (
              <span className="inline-flex items-center gap-1">
                <GraduationCap aria-hidden className="size-4" /> {course.byline}
              </span>
            ) : null}
            {course.duration ? (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-4" /> {course.duration}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <Award aria-hidden className="size-4" /> Certificate when every lesson is done
            </span>
            <span className="font-semibold text-slate-900">Free</span>
          </Spaced>
        </p>
        {course.html ? (
          <div className="mt-4">
            <RenderedMarkdown html={course.html} />
          </div>
        ) : null}

        {enrolled ? (
          <div className="mt-6">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {count} of {countOf(total, "lesson")} done
            </p>
            <div
              role="progressbar"
              aria-label="Course progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={count}
              aria-valuetext={`${count} of ${countOf(total, "lesson")} done`}
              className="mt-2 h-2 rounded-full bg-slate-100"
            >
              <div
                className="h-2 rounded-full bg-brand-600"
                style={{ width: `${total ? Math.round((count / total) * 100) : 0}%` }}
              />
            </div>
            {certified ? (
              <p className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                <Award aria-hidden className="size-5" /> You completed this course.
                {/* A file, not a page: a plain link so the browser downloads it. */}
                <a href={`/api/education/courses/${course.id}/certificate`} className="font-semibold text-emerald-800 underline">
                  Download your certificate (PDF)
                </a>
              </p>
            ) : null}
          </div>
        ) : (
          <enrolment.Form
            method="post"
            className="mt-6 flex flex-wrap items-center gap-3"
            onSubmit={ignoreWhilePending(enrolment.state !== "idle")}
          >
            <input type="hidden" name="intent" value="enroll" />
            <EnhancedFields />
            <button
              type="submit"
              aria-disabled={enrolment.state !== "idle" || undefined}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              Start Learning
            </button>
            <span className="text-sm text-slate-600">Enroll to mark lessons as done and keep your progress.</span>
          </enrolment.Form>
        )}
      </section>

      <section aria-labelledby="lessons-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="lessons-title" className="text-lg font-semibold text-slate-900">
          {countOf(total, "lesson")}
        </h2>
        {course.isSample ? <p className="mt-1 text-sm text-slate-500">The lessons are sample content.</p> : null}
        <ol ref={lessonsList} aria-label="Lessons" className="mt-2 divide-y divide-slate-100">
          {lessons.map((lesson) => (
            <Lesson
              key={lesson.id}
              courseId={course.id}
              lessonId={lesson.id}
              position={lesson.position}
              title={lesson.title}
              done={doneSet.has(lesson.id)}
              enrolled={enrolled}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Course not found", message: "This course doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/education", label: "Back to the Education Hub" }]}
    />
  );
}
