import { HiddenMark } from "~/components/hidden-mark";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { ErrorMessage } from "~/components/forms";
import { toastResult, useFormResult } from "~/components/enhanced-form";
import type { CommentView, CommunityActionResult, FeedPost } from "~/features/community/wire";
import { timeAgo } from "~/lib/dates";
import { EditedMark } from "./post-parts";
import { ReportLink } from "~/components/moderation/report-link";
import { IntentFields } from "./intent-fields";

type Mode = "view" | "edit" | "delete";

const withParam = (href: string, name: string, value: number) => `${href}${href.includes("?") ? "&" : "?"}${name}=${value}`;

const smallButton = "rounded-lg px-3 py-1.5 text-sm font-semibold";

/**
 * One comment in the post dialog. Its author sees Edit and Delete: without JavaScript each is a
 * link that opens the form (or the confirmation) in place through the URL, a real form posted to
 * the community page's action; with it, they open here and the answer updates the list.
 */
export function CommentItem({
  comment,
  now,
  viewerId,
  returnTo,
  initialMode,
  onEdited,
  onDeleted,
}: {
  comment: CommentView;
  now: number;
  viewerId: number;
  /** The open post's URL, to come back to without JavaScript. */
  returnTo: string;
  initialMode: Mode;
  onEdited: (comment: CommentView) => void;
  onDeleted: (commentId: number, post?: FeedPost) => void;
}) {
  const fetcher = useFetcher<CommunityActionResult>({ key: `comment-change-${comment.id}` });
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const editLink = useRef<HTMLAnchorElement>(null);
  const pending = fetcher.state !== "idle";

  useEffect(() => {
    if (mode === "edit") box.current?.focus();
    if (mode === "delete") confirm.current?.focus();
  }, [mode]);

  useFormResult(fetcher, (result) => {
    toastResult(result.ok ? { ok: true, message: result.toast?.title } : result);
    if (!result.ok) {
      setError(result.errors?.content ?? result.message);
      return;
    }
    setError(undefined);
    if (result.intent === "delete-comment") onDeleted(comment.id, result.post);
    else if (result.comment) {
      onEdited(result.comment);
      setMode("view");
      // Back to where the member started, the comment's Edit link.
      requestAnimationFrame(() => editLink.current?.focus());
    }
  });

  const mine = comment.author_id === viewerId;
  const open = (next: Mode) => (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setError(undefined);
    setMode(next);
  };
  const errorId = `comment-${comment.id}-error`;

  return (
    <li className="rounded-xl bg-slate-50 p-3">
      <p className="text-sm wrap-anywhere">
        <Link
          to={`/app/members/${comment.author_id}`}
          className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
        >
          {comment.author_name}
        </Link>{" "}
        <span className="text-slate-500">
          <span suppressHydrationWarning>· {timeAgo(comment.created_at, now)}</span>
          <EditedMark editedAt={comment.edited_at} now={now} />
        </span>{" "}
        <HiddenMark hidden={comment.is_hidden} own={mine} />
      </p>
      {mode === "edit" && mine ? (
        <fetcher.Form method="post" action="/app/community" preventScrollReset className="mt-2 space-y-2">
          <IntentFields intent="edit-comment" postId={comment.post_id} returnTo={returnTo} />
          <input type="hidden" name="commentId" value={comment.id} />
          <label htmlFor={`comment-${comment.id}-content`} className="block text-sm font-medium text-slate-700">
            Change the comment
          </label>
          <textarea
            ref={box}
            id={`comment-${comment.id}-content`}
            name="content"
            rows={3}
            maxLength={2000}
            required
            defaultValue={comment.content}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <ErrorMessage id={errorId}>{error}</ErrorMessage>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              aria-disabled={pending || undefined}
              onClick={(event) => pending && event.preventDefault()}
              className={`${smallButton} bg-brand-600 text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70`}
            >
              {pending ? "Saving…" : "Save comment"}
            </button>
            <Link
              to={returnTo}
              preventScrollReset
              onClick={open("view")}
              className={`${smallButton} text-slate-700 hover:underline`}
            >
              Cancel
            </Link>
          </div>
        </fetcher.Form>
      ) : (
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700 wrap-anywhere">{comment.content}</p>
      )}
      {mode === "delete" && mine ? (
        <fetcher.Form
          method="post"
          action="/app/community"
          preventScrollReset
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
        >
          <IntentFields intent="delete-comment" postId={comment.post_id} returnTo={returnTo} />
          <input type="hidden" name="commentId" value={comment.id} />
          <p>Delete this comment? This cannot be undone.</p>
          {error ? (
            <p role="alert" className="mt-1 font-medium">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              ref={confirm}
              type="submit"
              aria-disabled={pending || undefined}
              onClick={(event) => pending && event.preventDefault()}
              className={`${smallButton} bg-red-700 text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70`}
            >
              {pending ? "Deleting…" : "Delete comment"}
            </button>
            <Link
              to={returnTo}
              preventScrollReset
              onClick={open("view")}
              className={`${smallButton} text-slate-700 ring-1 ring-slate-300 hover:bg-white`}
            >
              Keep it
            </Link>
          </div>
        </fetcher.Form>
      ) : null}
      {mine && mode === "view" ? (
        <div className="mt-1 flex gap-3 text-xs font-medium">
          <Link
            ref={editLink}
            to={withParam(returnTo, "editComment", comment.id)}
            preventScrollReset
            onClick={open("edit")}
            aria-label="Edit this comment"
            className="text-brand-700 hover:underline"
          >
            Edit
          </Link>
          <Link
            to={withParam(returnTo, "deleteComment", comment.id)}
            preventScrollReset
            onClick={open("delete")}
            aria-label="Delete this comment"
            className="text-red-700 hover:underline"
          >
            Delete
          </Link>
        </div>
      ) : null}
      {!mine && mode === "view" ? (
        <ReportLink
          type="comment"
          id={comment.id}
          own={false}
          reported={comment.is_reported}
          back={returnTo}
          name={`by ${comment.author_name}`}
          className="mt-1"
        />
      ) : null}
    </li>
  );
}
