import { siteTitle } from "~/lib/site-title";
import { data } from "react-router";
import { Link } from "~/lib/link";
import { ContentEditor } from "~/components/education/content-editor";
import { RouteError } from "~/components/route-error";
import { adminArticle } from "~/features/education/content.server";
import { contentPageAction } from "~/features/education/admin-pages.server";
import { ADMIN_EDUCATION, idParam } from "~/features/education/education";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/article-edit";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.article?.title ?? "New article"} · Education · Admin`) },
];

/** /app/admin/education/articles/new and /:id: write or change an article; `?delete` asks before deleting it. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.id === undefined) return { article: null, confirmingDelete: false };
  const id = idParam(params.id);
  const article = id ? await adminArticle(id) : null;
  if (!article) throw data({ message: "Article not found" }, { status: 404 });
  return { article, confirmingDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = params.id === undefined ? null : idParam(params.id);
  if (params.id !== undefined && id === null) throw data({ message: "Article not found" }, { status: 404 });
  const form = await request.formData();
  const { answer, returnTo } = await contentPageAction({ kind: "article", id }, Object.fromEntries(form));
  return answerForm(form, answer, { returnTo, failureInPlace: true });
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { article, confirmingDelete } = loaderData;
  return (
    <div className="space-y-5">
      <Link to={ADMIN_EDUCATION} className="text-sm font-medium text-brand-700 hover:underline">
        Back to Education
      </Link>
      <h2 className="text-xl font-semibold text-slate-900">{article ? `Edit “${article.title}”` : "New article"}</h2>
      {article ? (
        <p className="text-sm">
          <Link to={`/app/education/articles/${article.id}`} className="text-brand-700 underline">
            Read it as members do
          </Link>
        </p>
      ) : null}
      <ContentEditor
        kind="article"
        saved={article}
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
