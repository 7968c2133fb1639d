import { siteTitle } from "~/lib/site-title";
import { Link } from "~/lib/link";
import { SampleMark } from "~/components/education/sample-mark";
import { adminArticles, adminCourses } from "~/features/education/content.server";
import { ADMIN_EDUCATION } from "~/features/education/education";
import { countOf } from "~/lib/plural";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/education-admin";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Education · Admin") }];

/** /app/admin/education: the hub's courses and articles, samples marked, with the way to write more. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { courses: await adminCourses(), articles: await adminArticles() };
}

const action = "rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700";

export default function EducationAdmin({ loaderData }: Route.ComponentProps) {
  const { courses, articles } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-xl font-semibold text-slate-900">Education</h2>
        <Link to={`${ADMIN_EDUCATION}/courses/new`} className={action}>
          New course
        </Link>
        <Link to={`${ADMIN_EDUCATION}/articles/new`} className={action}>
          New article
        </Link>
        <Link to={`${ADMIN_EDUCATION}/images`} className="text-sm font-medium text-brand-700 underline">
          Images
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Members read these in the Education Hub. Courses are free; a member who marks every lesson of a course done gets a
        certificate (PDF). Samples show only while the site runs with SEED=1.
      </p>
      <section aria-labelledby="admin-courses">
        <h3 id="admin-courses" className="font-semibold text-slate-900">
          Courses ({courses.length})
        </h3>
        {courses.length ? (
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {courses.map((course) => (
              <li key={course.id} className="flex flex-wrap items-center gap-2 px-4 py-3">
                <Link to={`${ADMIN_EDUCATION}/courses/${course.id}`} className="font-medium text-brand-700 underline">
                  {course.title}
                </Link>
                <span className="text-sm text-slate-500">{countOf(course.lesson_count, "lesson")}</span>
                {course.featured ? <span className="text-sm text-slate-500">Featured</span> : null}
                {course.is_sample ? <SampleMark /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No courses yet.</p>
        )}
      </section>
      <section aria-labelledby="admin-articles">
        <h3 id="admin-articles" className="font-semibold text-slate-900">
          Articles ({articles.length})
        </h3>
        {articles.length ? (
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {articles.map((article) => (
              <li key={article.id} className="flex flex-wrap items-center gap-2 px-4 py-3">
                <Link to={`${ADMIN_EDUCATION}/articles/${article.id}`} className="font-medium text-brand-700 underline">
                  {article.title}
                </Link>
                {article.is_sample ? <SampleMark /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No articles yet.</p>
        )}
      </section>
    </div>
  );
}
