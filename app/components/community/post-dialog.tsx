import { HiddenMark } from "~/components/hidden-mark";
import { ReportLink } from "~/components/moderation/report-link";
import { useContext, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { ErrorMessage, SubmitButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { labelOf } from "~/features/community/vocabulary";
import type { CommentView, CommunityActionResult, FeedPost } from "~/features/community/wire";
import { timeAgo } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { CommentItem } from "./comment-item";
import { FollowButton, FollowingContext } from "./follow-button";
import { IntentFields } from "./intent-fields";
import { LikeForm, optimisticLike } from "./post-card";
import { PostAuthorActions } from "./post-author-actions";
import { AuthorMarks, EditedMark, EventBadge, PostDetails } from "./post-parts";

/**
 * A post opened from the feed (its URL has `?post=<id>`; opening it records a view): the whole
 * text, every picture and video, the like button, the comments and a comment form. Comments read
 * as a conversation, oldest first, so an answer comes below its question and the newest is by the
 * reply box; `comments` comes newest first, as the API lists them.
 */
export function PostDialog({
  post,
  comments,
  now,
  closeHref,
  returnTo,
  onClose,
  onChanged,
  onDeleted,
  editingCommentId,
  deletingCommentId,
  likesHref,
}: {
  post: FeedPost;
  comments: CommentView[];
  now: number;
  closeHref: string;
  returnTo: string;
  onClose: () => void;
  onChanged: (post: FeedPost) => void;
  /** The author deleted the post from the dialog (with JavaScript). */
  onDeleted: (postId: number) => void;
  /** A comment whose edit form (or deletion's confirmation) the URL opened, without JavaScript. */
  editingCommentId?: number;
  deletingCommentId?: number;
  /** The URL that lists who liked the post. */
  likesHref: string;
}) {
  const { viewerId } = useContext(FollowingContext);
  const [edited, setEdited] = useState<Record<number, CommentView>>({});
  const [removed, setRemoved] = useState<Set<number>>(() => new Set());
  const fetcher = useFetcher<CommunityActionResult>({ key: `comment-${post.id}` });
  const [added, setAdded] = useState<CommentView[]>([]);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const like = useFetcher<CommunityActionResult>();
  const { liked, likes } = optimisticLike(like, post);

  // The answer to a like updates the post on the page too (its card in the feed).
  useEffect(() => {
    const result = like.data;
    if (!result) return;
    if (!result.ok) console.warn(`Interaction failed: ${result.message}`);
    else if (result.post && result.post.id === post.id) onChanged(result.post);
    // One run per answer; onChanged is the page's callback as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [like.data]);

  // Only an answer to a comment sent while the dialog is open counts (a fetcher keeps its last one).
  const sending = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      sending.current = true;
      return;
    }
    const result = fetcher.data;
    if (!sending.current || !result) return;
    sending.current = false;
    if (result.ok && result.comment && result.post) {
      setAdded((list) => (list.some((comment) => comment.id === result.comment!.id) ? list : [...list, result.comment!]));
      onChanged(result.post);
      form.current?.reset();
      setError(undefined);
    } else if (!result.ok) {
      setError(result.errors?.content ?? result.message);
    }
    // The box stays where the member is, empty after a comment (the button was disabled while
    // sending, which drops focus to the page), so the next comment can follow at once.
    box.current?.focus();
    // One run per answer; onChanged is the page's callback as it is then (a new function each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const allComments = [...comments.filter((comment) => !added.some((mine) => mine.id === comment.id)).reverse(), ...added]
    .filter((comment) => !removed.has(comment.id))
    .map((comment) => edited[comment.id] ?? comment);

  return (
    <Modal open onClose={onClose} closeHref={closeHref} title={post.title} size="lg">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="min-w-0 font-semibold text-slate-900 wrap-anywhere">
          {post.author_id ? (
            <Link to={`/app/members/${post.author_id}`} className="hover:text-brand-700 hover:underline">
              {post.author_name}
            </Link>
          ) : (
            post.author_name
          )}
        </span>
        <AuthorMarks post={post} />
        <FollowButton authorId={post.author_id} authorName={post.author_name} returnTo={returnTo} />
        <span>
          <span suppressHydrationWarning>· {timeAgo(post.created_at, now)}</span>
          <EditedMark editedAt={post.edited_at} now={now} />
        </span>
        <span>
          · {labelOf(post.category)} · {labelOf(post.post_type)}
        </span>
        <EventBadge post={post} now={now} />
        <HiddenMark hidden={post.is_hidden} own={post.author_id === viewerId} />
      </div>
      <PostAuthorActions post={post} returnTo="/app/community" onDeleted={onDeleted} />
      <p className="mt-3 whitespace-pre-line text-slate-800 wrap-anywhere">{post.content}</p>
      <PostDetails post={post} />
      {post.media.length ? (
        <div className="mt-4 space-y-2">
          {post.media.map((item) =>
            item.type.startsWith("video/") ? (
              // Members' own videos come without a captions file; the post's text says what they show.
              // eslint-disable-next-line jsx-a11y/media-has-caption
              <video key={item.url} src={item.url} controls preload="metadata" className="w-full rounded-xl bg-black" />
            ) : (
              <img key={item.url} src={item.url} alt="" className="w-full rounded-xl" />
            ),
          )}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <LikeForm fetcher={like} postId={post.id} returnTo={returnTo} liked={liked} likes={likes} />
        <p className="text-sm text-slate-500">
          {likes ? (
            <Link to={likesHref} preventScrollReset className="font-medium text-brand-700 hover:underline">
              {countOf(likes, "like")}
            </Link>
          ) : (
            countOf(likes, "like")
          )}{" "}
          · {countOf(post.comments_count, "comment")} · {countOf(post.shares_count, "share")} ·{" "}
          {countOf(post.views_count, "view")}
        </p>
      </div>
      <ReportLink
        type="post"
        id={post.id}
        own={post.author_id === viewerId}
        reported={post.is_reported}
        back={returnTo}
        name={post.title}
        className="mt-2"
      />

      <section aria-labelledby="comments-title" className="mt-5 border-t border-slate-200 pt-4">
        <h3 id="comments-title" className="font-semibold text-slate-900">
          Comments
        </h3>
        {allComments.length ? (
          <ol className="mt-4 space-y-3">
            {allComments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                now={now}
                viewerId={viewerId}
                returnTo={returnTo}
                initialMode={editingCommentId === comment.id ? "edit" : deletingCommentId === comment.id ? "delete" : "view"}
                onEdited={(next) => setEdited((state) => ({ ...state, [next.id]: next }))}
                onDeleted={(commentId, next) => {
                  setRemoved((ids) => new Set(ids).add(commentId));
                  if (next) onChanged(next);
                  box.current?.focus();
                }}
              />
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-sm text-slate-500">No comments yet. Start the conversation.</p>
        )}
        <fetcher.Form
          ref={form}
          method="post"
          action="/app/community"
          preventScrollReset
          onChange={() => setError(undefined)}
          className="mt-4 space-y-2"
        >
          <IntentFields intent="comment" postId={post.id} returnTo={returnTo} />
          <label htmlFor="comment-content" className="sr-only">
            Your comment
          </label>
          <textarea
            ref={box}
            id="comment-content"
            name="content"
            rows={2}
            maxLength={2000}
            required
            placeholder="Write a comment…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "comment-error" : undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <ErrorMessage id="comment-error">{error}</ErrorMessage>
          <div className="w-36">
            <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending…">
              Comment
            </SubmitButton>
          </div>
        </fetcher.Form>
      </section>
    </Modal>
  );
}
