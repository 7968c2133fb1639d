import { siteTitle } from "~/lib/site-title";
import { RenderedMarkdown } from "~/components/markdown";
import { ArrowLeft } from "~/components/icons";
import { data } from "react-router";
import { Link } from "~/lib/link";
import { RouteError } from "~/components/route-error";
import { SampleMark, topicLabel } from "~/components/education/sample-mark";
import { calendarDate } from "~/lib/dates";
import { idParam } from "~/features/education/education";
import { readArticle } from "~/features/education/education.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/education-article";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.article.title ?? "Article not found"} · Education Hub`) },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const found = id ? await readArticle(id) : null;
  if (!found) throw data({ message: "Article not found" }, { status: 404 });
  return found;
}

function BackLink() {
  return (
    <Link to="/app/education" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" /> Back to the Education Hub
    </Link>
  );
}

export default function EducationArticle({ loaderData }: Route.ComponentProps) {
  const { article, others } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink />
      <article
        aria-labelledby="article-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 wrap-anywhere sm:p-8"
      >
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{topicLabel(article.topic)}</p>
        <h2 id="article-title" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {article.title}
        </h2>
        <p className="mt-2 text-sm text-slate-500">{[article.byline, calendarDate(article.date)].filter(Boolean).join(" · ")}</p>
        {article.isSample ? (
          <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <SampleMark /> Sample article: written for this site to show how the hub reads.
          </p>
        ) : null}
        {article.summary ? <p className="mt-6 text-lg text-slate-700">{article.summary}</p> : null}
        <div className="mt-4">
          <RenderedMarkdown html={article.html} />
        </div>
      </article>
      {others.length ? (
        <nav aria-labelledby="more-articles" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="more-articles" className="text-lg font-semibold text-slate-900">
            More articles
          </h2>
          <ul className="mt-3 space-y-2">
            {others.map((other) => (
              <li key={other.id}>
                <Link to={`/app/education/articles/${other.id}`} className="font-medium text-brand-700 hover:underline">
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Article not found", message: "This article doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/education", label: "Back to the Education Hub" }]}
    />
  );
}
