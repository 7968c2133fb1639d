import { Pencil, Trash2 } from "~/components/icons";
import { useContext, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import type { FeedPost } from "~/features/community/wire";
import type { FormResult } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { FollowingContext } from "./follow-button";

/** Where a post is edited, and where its deletion is confirmed without JavaScript. */
export const editPostHref = (postId: number) => `/app/community/posts/${postId}/edit`;
export const deletePostHref = (postId: number) => `/app/community/posts/${postId}/edit?delete`;

const authorAction = "inline-flex items-center gap-1 rounded font-medium hover:underline";

/**
 * Edit and Delete, shown to the post's author only. Edit opens the edit page. Delete asks first:
 * without JavaScript on a page of its own, with it right here, and the post leaves the list once
 * the server confirms.
 */
export function PostAuthorActions({
  post,
  returnTo,
  onDeleted,
}: {
  post: Pick<FeedPost, "id" | "title" | "author_id">;
  returnTo: string;
  onDeleted?: (postId: number) => void;
}) {
  const { viewerId } = useContext(FollowingContext);
  const hydrated = useHydrated();
  const remove = useFetcher<FormResult<{ deletedPostId?: number }>>();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useFormResult(remove, (result) => {
    toastResult(result);
    if (result.ok) onDeleted?.(post.id);
    else deleteLink.current?.focus();
  });
  if (post.author_id !== viewerId || post.id === 0) return null;
  const pending = remove.state !== "idle";
  return (
    <div className="mt-1 text-xs text-slate-600">
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        <Link to={editPostHref(post.id)} className={authorAction} aria-label={`Edit post: ${post.title}`}>
          <Pencil aria-hidden className="size-3.5" /> Edit
        </Link>
        <Link
          ref={deleteLink}
          to={deletePostHref(post.id)}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setConfirming(true);
          }}
          className={`${authorAction} text-red-700`}
          aria-label={`Delete post: ${post.title}`}
        >
          <Trash2 aria-hidden className="size-3.5" /> Delete
        </Link>
      </div>
      {confirming ? (
        <remove.Form
          method="post"
          action={editPostHref(post.id)}
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
          onSubmit={(event) => {
            if (pending) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <EnhancedFields returnTo={returnTo} />
          <p>Delete this post with its media, comments and likes? This cannot be undone.</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <button
              ref={confirmButton}
              type="submit"
              aria-disabled={pending || undefined}
              className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              {pending ? "Deleting…" : "Delete post"}
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                deleteLink.current?.focus();
              }}
              className="rounded-lg px-3 py-1.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white"
            >
              Keep it
            </button>
          </div>
        </remove.Form>
      ) : null}
    </div>
  );
}
