import { ArrowRight, Award, BookOpen, Clock, GraduationCap, Star, Users } from "~/components/icons";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "~/lib/zod";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { SearchButton, SearchForm, SearchInput, SearchSelect } from "~/components/search-form";
import { RouteError } from "~/components/route-error";
import { ARTICLES, COURSES, EDUCATION_STATS, FEATURED_COURSE, TOPICS, type Topic } from "~/content/education";
import { calendarDate } from "~/lib/dates";
import { enroll, enrolledCourseIds, findCourse, findLearning } from "~/features/education/education.server";
import { countOf } from "~/lib/plural";
import { answerForm } from "~/services/form-action.server";
import { requireUser } from "~/services/session.server";
import { ignoreWhilePending, type FormResult } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/education";
import { Spaced } from "~/components/spaced";

export const meta: Route.MetaFunction = () => [
  { title: "Education Hub · Circular Hub" },
  {
    name: "description",
    content: "Courses and articles on zero waste, recycling and the circular economy in the Circular Hub education hub.",
  },
];

const querySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined)
    .catch(undefined),
  topic: z
    .enum(TOPICS.map((topic) => topic.value) as [Topic, ...Topic[]])
    .optional()
    .catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, ...findLearning(query), enrolled: await enrolledCourseIds(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const courseId = Number(form.get("courseId"));
  const ok = Number.isInteger(courseId) && (await enroll(user.id, courseId));
  const answer: FormResult = ok
    ? { ok, message: `You are enrolled in ${findCourse(courseId)?.title}` }
    : { ok, reason: "not-found", message: "This course does not exist.", errors: {} };
  return answerForm(form, answer, { returnTo: safeRedirect(form.get("returnTo"), { within: "/app/education" }) });
}

/**
 * Start Learning / Enroll Now. While it is sent the button keeps the focus (aria-disabled, a
 * second press ignored); once enrolled it becomes the way into the course, and the focus moves
 * to that link rather than falling to the page body with the button it replaced.
 */
function EnrollButton({
  courseId,
  title,
  label,
  enrolled,
  returnTo,
  dark = false,
}: {
  courseId: number;
  title: string;
  label: string;
  enrolled: boolean;
  returnTo: string;
  dark?: boolean;
}) {
  const fetcher = useFetcher<FormResult>();
  const courseLink = useRef<HTMLAnchorElement>(null);
  const pending = fetcher.state !== "idle";
  const justEnrolled = fetcher.state === "idle" && Boolean(fetcher.data?.ok);
  useFormResult(fetcher, (result) => {
    toastResult(result);
    if (result.ok) courseLink.current?.focus();
  });
  const style = dark ? "bg-white text-brand-700 hover:bg-brand-50" : "bg-brand-600 text-white hover:bg-brand-700";
  if (enrolled || justEnrolled) {
    return (
      <Link
        ref={courseLink}
        to={`/app/education/courses/${courseId}`}
        // The name starts with the words it shows, then says which course.
        aria-label={`Open course: ${title}`}
        className={`inline-flex items-center gap-1.5 rounded-lg px-4 py-2 text-sm font-semibold ${style}`}
      >
        Open course <ArrowRight aria-hidden className="size-4" />
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={ignoreWhilePending(pending)}>
      <input type="hidden" name="courseId" value={courseId} />
      <EnhancedFields returnTo={returnTo} />
      <button
        type="submit"
        aria-disabled={pending || undefined}
        className={`rounded-lg px-4 py-2 text-sm font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70 ${style}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

export default function Education({ loaderData }: Route.ComponentProps) {
  const { query, courses, articles, enrolled } = loaderData;
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.topic) params.set("topic", query.topic);
  const here = `/app/education${params.size ? `?${params}` : ""}`;
  const filtered = Boolean(query.q || query.topic);

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section aria-labelledby="education-title">
        <h2 id="education-title" className="text-2xl font-bold text-slate-900">
          Learn what works
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {EDUCATION_STATS.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{stat.label}</dt>
              <dd className="text-2xl font-bold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <SearchForm label="Courses and articles">
        <SearchInput id="learning-search" value={query.q} placeholder="Courses, articles, instructors" />
        <SearchSelect
          id="learning-topic"
          label="Topic"
          name="topic"
          value={query.topic ?? ""}
          options={[{ value: "", label: "All topics" }, ...TOPICS]}
        />
        <SearchButton />
        {filtered ? (
          <Link to="/app/education" className="px-2 py-2 text-sm font-medium text-brand-700 hover:underline">
            Clear
          </Link>
        ) : null}
      </SearchForm>

      {filtered ? null : (
        <section
          aria-labelledby="featured-title"
          className="rounded-3xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white sm:p-8"
        >
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Featured course</p>
          <h2 id="featured-title" className="mt-2 text-2xl font-bold sm:text-3xl">
            <Link to={`/app/education/courses/${FEATURED_COURSE.id}`} className="hover:underline">
              {FEATURED_COURSE.title}
            </Link>
          </h2>
          <p className="mt-2 max-w-2xl text-brand-50">{FEATURED_COURSE.description}</p>
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-brand-50">
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-4" /> {FEATURED_COURSE.duration}
            </span>
            <span className="inline-flex items-center gap-1">
              <BookOpen aria-hidden className="size-4" /> {FEATURED_COURSE.lessons} daily lessons
            </span>
            <span className="inline-flex items-center gap-1">
              <GraduationCap aria-hidden className="size-4" /> {FEATURED_COURSE.instructor}
            </span>
          </p>
          <div className="mt-5">
            <EnrollButton
              courseId={FEATURED_COURSE.id}
              title={FEATURED_COURSE.title}
              label="Join the Challenge"
              enrolled={enrolled.includes(FEATURED_COURSE.id)}
              returnTo={here}
              dark
            />
          </div>
        </section>
      )}

      <section aria-labelledby="courses-title">
        <h2 id="courses-title" className="text-xl font-semibold text-slate-900">
          Courses{" "}
          <span className="text-sm font-normal text-slate-500">
            ({courses.length} of {COURSES.length})
          </span>
        </h2>
        {courses.length ? (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course.id} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-center justify-between gap-2">
                  <Spaced>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {course.level}
                    </span>
                    <span className={`text-sm font-bold ${course.free ? "text-emerald-700" : "text-slate-900"}`}>
                      {course.free ? "Free" : `$${course.price.toFixed(2)}`}
                    </span>
                  </Spaced>
                </div>
                <h3 className="mt-3 font-semibold text-slate-900">
                  <Link to={`/app/education/courses/${course.id}`} className="hover:text-brand-700 hover:underline">
                    {course.title}
                  </Link>
                </h3>
                <p className="mt-1 flex-1 text-sm text-slate-600">{course.description}</p>
                <p className="mt-3 text-sm text-slate-500">{course.instructor}</p>
                <p className="mt-2 flex flex-wrap gap-3 text-xs text-slate-500">
                  <Spaced>
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden className="size-3.5" /> {course.duration}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <BookOpen aria-hidden className="size-3.5" /> {countOf(course.lessons, "lesson")}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Users aria-hidden className="size-3.5" /> {countOf(course.students, "learner")}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" /> {course.rating}
                    </span>
                    {course.certificate ? (
                      <span className="inline-flex items-center gap-1">
                        <Award aria-hidden className="size-3.5" /> Certificate
                      </span>
                    ) : null}
                  </Spaced>
                </p>
                <div className="mt-4">
                  <EnrollButton
                    courseId={course.id}
                    title={course.title}
                    label={course.free ? "Start Learning" : "Enroll Now"}
                    enrolled={enrolled.includes(course.id)}
                    returnTo={here}
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
            No courses match your search.
          </p>
        )}
      </section>

      <section aria-labelledby="articles-title">
        <h2 id="articles-title" className="text-xl font-semibold text-slate-900">
          Latest articles{" "}
          <span className="text-sm font-normal text-slate-500">
            ({articles.length} of {ARTICLES.length})
          </span>
        </h2>
        {articles.length ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {articles.map((article) => (
              <li key={article.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
                  {TOPICS.find((topic) => topic.value === article.category)?.label} · {article.readTime}
                </p>
                <h3 className="mt-2 font-semibold text-slate-900">
                  <Link to={`/app/education/articles/${article.id}`} className="hover:text-brand-700 hover:underline">
                    {article.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-slate-600">{article.excerpt}</p>
                <p className="mt-3 text-xs text-slate-500">
                  {article.author} · {calendarDate(article.date)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
            No articles match your search.
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
