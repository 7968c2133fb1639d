import { ArrowRight, BookOpen, Clock, GraduationCap } from "~/components/icons";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { SearchButton, SearchForm, SearchInput, SearchSelect } from "~/components/search-form";
import { TOPICS, type Topic } from "~/content/education";
import type { HubArticle, HubCourse } from "~/features/education/education";
import { SampleMark, topicLabel } from "./sample-mark";
import { calendarDate } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { ignoreWhilePending, type FormResult } from "~/lib/forms";
import { Spaced } from "~/components/spaced";

/**
 * Start Learning. While it is sent the button keeps the focus (aria-disabled, a
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

/** What the education loader sends: the search asked for, what it found, the member's courses, and whether they are an admin. */
export type EducationPageData = {
  query: { q?: string; topic?: Topic };
  empty: boolean;
  /** The hub's four figures: the demo's stated ones while only samples show, else live. */
  stats: { sample: boolean; figures: { value: string; label: string }[] };
  /** The member's certificates, each downloadable by its number (a deleted course's too). */
  certificates: { number: string; courseTitle: string; issuedAt: string; href: string }[];
  featured: HubCourse | null;
  courses: HubCourse[];
  articles: HubArticle[];
  enrolled: number[];
  isAdmin: boolean;
};

function CourseFacts({ course, small = false }: { course: HubCourse; small?: boolean }) {
  const icon = small ? "size-3.5" : "size-4";
  return (
    <Spaced>
      {course.duration ? (
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className={icon} /> {course.duration}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <BookOpen aria-hidden className={icon} /> {countOf(course.lessonCount, "lesson")}
      </span>
      {course.byline ? (
        <span className="inline-flex items-center gap-1">
          <GraduationCap aria-hidden className={icon} /> {course.byline}
        </span>
      ) : null}
    </Spaced>
  );
}

/** The hub with nothing in it: where content comes from, and for an admin the way to write it. */
function EmptyHub({ isAdmin }: { isAdmin: boolean }) {
  return (
    <section aria-labelledby="empty-title" className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 id="empty-title" className="text-lg font-semibold text-slate-900">
        No courses or articles yet
      </h2>
      {isAdmin ? (
        <p className="mt-2 text-slate-600">
          Write the first ones in{" "}
          <Link to="/app/admin/education" className="font-medium text-brand-700 underline">
            Admin, Education
          </Link>
          : articles and courses with lessons, in Markdown.
        </p>
      ) : (
        <p className="mt-2 text-slate-600">This site&apos;s admins have not published any yet. Come back soon.</p>
      )}
    </section>
  );
}

/** The education hub: the featured course, search, the courses and the articles. */
export function EducationPage({ page }: { page: EducationPageData }) {
  const { query, featured, courses, articles, enrolled } = page;
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
          {page.stats.figures.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{stat.label}</dt>
              <dd className="text-2xl font-bold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
        {page.stats.sample ? <p className="mt-2 text-xs text-slate-500">Sample figures.</p> : null}
      </section>

      {page.certificates.length ? (
        <section aria-labelledby="certificates-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="certificates-title" className="text-xl font-semibold text-slate-900">
            Your certificates
          </h2>
          <ul className="mt-3 space-y-2">
            {page.certificates.map((certificate) => (
              <li key={certificate.number} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 break-words">
                <span className="min-w-0 text-slate-800">
                  {certificate.courseTitle}{" "}
                  <span className="text-sm text-slate-500">
                    {certificate.number} · {calendarDate(certificate.issuedAt)}
                  </span>
                </span>
                <a href={certificate.href} className="font-medium text-brand-700 hover:underline">
                  Download the PDF<span className="sr-only"> of the certificate for {certificate.courseTitle}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.empty ? (
        <EmptyHub isAdmin={page.isAdmin} />
      ) : (
        <>
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

          {filtered || !featured ? null : (
            <section
              aria-labelledby="featured-title"
              className="rounded-3xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white sm:p-8"
            >
              <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
                Featured course {featured.isSample ? <SampleMark onDark /> : null}
              </p>
              <h2 id="featured-title" className="mt-2 text-2xl font-bold sm:text-3xl">
                <Link to={`/app/education/courses/${featured.id}`} className="hover:underline">
                  {featured.title}
                </Link>
              </h2>
              <p className="mt-2 max-w-2xl text-brand-50">{featured.summary}</p>
              <p className="mt-3 flex flex-wrap gap-4 text-sm text-brand-50">
                <CourseFacts course={featured} />
              </p>
              <div className="mt-5">
                <EnrollButton
                  courseId={featured.id}
                  title={featured.title}
                  label="Start Learning"
                  enrolled={enrolled.includes(featured.id)}
                  returnTo={here}
                  dark
                />
              </div>
            </section>
          )}

          <section aria-labelledby="courses-title">
            <h2 id="courses-title" className="text-xl font-semibold text-slate-900">
              Courses <span className="text-sm font-normal text-slate-500">({courses.length})</span>
            </h2>
            {courses.length ? (
              <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {courses.map((course) => (
                  <li key={course.id} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                    <div className="flex flex-wrap items-center gap-2">
                      <Spaced>
                        {course.level ? (
                          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                            {course.level}
                          </span>
                        ) : null}
                        <span className="text-sm font-bold text-emerald-700">Free</span>
                        {course.isSample ? <SampleMark /> : null}
                      </Spaced>
                    </div>
                    <h3 className="mt-3 font-semibold text-slate-900">
                      <Link to={`/app/education/courses/${course.id}`} className="hover:text-brand-700 hover:underline">
                        {course.title}
                      </Link>
                    </h3>
                    <p className="mt-1 flex-1 text-sm text-slate-600">{course.summary}</p>
                    <p className="mt-2 flex flex-wrap gap-3 text-xs text-slate-500">
                      <CourseFacts course={course} small />
                    </p>
                    <div className="mt-4">
                      <EnrollButton
                        courseId={course.id}
                        title={course.title}
                        label="Start Learning"
                        enrolled={enrolled.includes(course.id)}
                        returnTo={here}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
                {filtered ? "No courses match your search." : "No courses yet."}
              </p>
            )}
          </section>

          <section aria-labelledby="articles-title">
            <h2 id="articles-title" className="text-xl font-semibold text-slate-900">
              Latest articles <span className="text-sm font-normal text-slate-500">({articles.length})</span>
            </h2>
            {articles.length ? (
              <ul className="mt-4 grid gap-4 md:grid-cols-2">
                {articles.map((article) => (
                  <li key={article.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                    <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
                      {topicLabel(article.topic)} {article.isSample ? <SampleMark /> : null}
                    </p>
                    <h3 className="mt-2 font-semibold text-slate-900">
                      <Link to={`/app/education/articles/${article.id}`} className="hover:text-brand-700 hover:underline">
                        {article.title}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">{article.summary}</p>
                    <p className="mt-3 text-xs text-slate-500">
                      {[article.byline, calendarDate(article.date)].filter(Boolean).join(" · ")}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
                {filtered ? "No articles match your search." : "No articles yet."}
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
