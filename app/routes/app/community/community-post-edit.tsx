import { ArrowLeft } from "~/components/icons";
import { useEffect, useRef } from "react";
import { data, Form, isRouteErrorResponse, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { PostEditFields } from "~/components/community/post-edit-form";
import { RouteError } from "~/components/route-error";
import { loadPostEditPage, postEditPageAction } from "~/features/community/post-edit-page.server";
import { messages } from "~/features/community/messages";
import { ignoreWhilePending } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { answerForm, answerInPlace, isEnhanced } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/community-post-edit";
import { PendingButton } from "~/components/ui/pending-button";
import { pathIdOr404 } from "~/lib/path-id";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Edit “${page.post.title}” · Community`) : siteTitle(matches, "Edit post") },
];

const postIdOf = (value: string | undefined) => pathIdOr404(value, messages.postNotFound);

/** The post's edit form; `?delete` asks "are you sure?" on a page of its own, so it works without JavaScript. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await loadPostEditPage(user, postIdOf(params.id));
  if (!page.ok) throw data(page.message, { status: page.reason === "forbidden" ? 403 : 404 });
  return { post: page.post, confirmDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const postId = postIdOf(params.id);
  const { result, fields } = await postEditPageAction(request, user, postId);
  if (result.ok && result.intent === "delete") {
    // The card's Delete (with JavaScript) hears the answer itself; without it the member lands on the feed.
    return answerForm(fields, result, { returnTo: safeRedirect(fields.returnTo, { within: "/app/community" }) });
  }
  if (!result.ok) {
    // A page sent without a script shows the refusal as the page's error; a script hears it as data.
    if (!isEnhanced(fields) && (result.reason === "not-found" || result.reason === "forbidden")) {
      throw data(result.message, { status: result.reason === "forbidden" ? 403 : 404 });
    }
    return answerInPlace(result);
  }
  return redirect(`/app/community?post=${postId}`, {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: result.message ?? messages.postUpdated }) },
  });
}

const alert = "rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800";

export default function PostEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // After a refusal, the first field with a message takes the focus, else the message itself.
  useEffect(() => {
    if (!refused) return;
    const first = Object.keys(refused.errors)[0];
    const field = first ? form.current?.querySelector<HTMLElement>(`[name="${first === "media" ? "media" : first}"]`) : null;
    (field ?? summary.current)?.focus();
  }, [refused]);
  const back = `/app/community?post=${post.id}`;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={back} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the post
      </Link>
      {confirmDelete ? (
        <section aria-labelledby="delete-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="delete-title" className="text-2xl font-bold text-slate-900">
            Delete this post?
          </h2>
          <p className="mt-2 text-slate-600 wrap-anywhere">
            “{post.title}” goes for good, with its pictures and videos, its comments and its likes. This cannot be undone.
          </p>
          {refused ? (
            <p role="alert" tabIndex={-1} ref={summary} className={`mt-4 ${alert}`}>
              {refused.message}
            </p>
          ) : null}
          <Form method="post" className="mt-6 flex flex-wrap items-center gap-4" onSubmit={ignoreWhilePending(Boolean(pending))}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="returnTo" value="/app/community" />
            <button
              type="submit"
              aria-disabled={pending === "delete" || undefined}
              className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              {pending === "delete" ? "Deleting…" : "Delete post"}
            </button>
            <Link to={back} className="font-medium text-brand-700 hover:underline">
              Keep it
            </Link>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="edit-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="edit-title" className="text-2xl font-bold text-slate-900">
            Edit your post
          </h2>
          <p className="mt-2 text-slate-600">The post will say it was edited, and when.</p>
          {refused ? (
            <p role="alert" tabIndex={-1} ref={summary} className={`mt-4 ${alert}`}>
              {Object.keys(refused.errors).length ? "The post was not saved: see the fields marked below." : refused.message}
            </p>
          ) : null}
          <Form
            method="post"
            encType="multipart/form-data"
            ref={form}
            className="mt-6 space-y-5"
            onSubmit={ignoreWhilePending(Boolean(pending))}
            key={refused ? JSON.stringify(refused.values ?? {}) : (post.edited_at ?? post.created_at)}
          >
            <input type="hidden" name="intent" value="edit" />
            <PostEditFields post={post} sent={refused?.values} errors={errors} />
            <div className="flex flex-wrap items-center gap-4">
              <PendingButton pending={pending === "edit"} label="Save changes" pendingLabel="Saving…" />
              <Link to={back} className="font-medium text-slate-700 hover:underline">
                Cancel
              </Link>{" "}
              <Link to={`/app/community/posts/${post.id}/edit?delete`} className="font-medium text-red-700 hover:underline">
                Delete post…
              </Link>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section
        aria-labelledby="forbidden-title"
        className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="forbidden-title" className="text-2xl font-bold text-slate-900">
          Not your post
        </h2>
        <p className="mt-2 text-slate-600">{typeof error.data === "string" ? error.data : messages.onlyAuthorEditsPost}</p>
        <Link to="/app/community" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          Back to the community
        </Link>
      </section>
    );
  }
  return (
    <RouteError
      error={error}
      notFound={{ title: "Post not found", message: messages.postNotFound }}
      links={[{ to: "/app/community", label: "Back to the community" }]}
    />
  );
}
