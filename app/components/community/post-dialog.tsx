import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ErrorMessage, SubmitButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { labelOf, timeAgo, type FeedPost } from "~/utils/community";
import type { CommentView } from "~/utils/posts.server";
import type { CommunityActionResult } from "~/routes/app/community.server";
import { AuthorMarks, EventBadge, IntentFields, PostDetails } from "./post-card";

/**
 * A post opened from the feed (its URL has `?post=<id>`; opening it records a view): the whole
 * text, every picture and video, the comments and a comment form.
 */
export function PostDialog({
  post,
  comments,
  now,
  closeHref,
  returnTo,
  onClose,
  onChanged,
}: {
  post: FeedPost;
  comments: CommentView[];
  now: number;
  closeHref: string;
  returnTo: string;
  onClose: () => void;
  onChanged: (post: FeedPost) => void;
}) {
  const fetcher = useFetcher<CommunityActionResult>({ key: `comment-${post.id}` });
  const [added, setAdded] = useState<CommentView[]>([]);
  const [error, setError] = useState<string>();
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok && result.comment && result.post) {
      setAdded((list) => [result.comment!, ...list]);
      onChanged(result.post);
      setFormKey((key) => key + 1);
      setError(undefined);
    } else if (!result.ok) {
      setError(result.errors?.content ?? result.message);
    }
  }, [fetcher.data, fetcher.state]);

  const allComments = [...added, ...comments.filter((comment) => !added.some((mine) => mine.id === comment.id))];

  return (
    <Modal open onClose={onClose} closeHref={closeHref} title={post.title} size="lg">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{post.author_name}</span>
        <AuthorMarks post={post} />
        <span suppressHydrationWarning>· {timeAgo(post.created_at, now)}</span>
        <span>
          · {labelOf(post.category)} · {labelOf(post.post_type)}
        </span>
        <EventBadge post={post} now={now} />
      </div>
      <p className="mt-3 whitespace-pre-line text-slate-800">{post.content}</p>
      <PostDetails post={post} />
      {post.media.length ? (
        <div className="mt-4 space-y-2">
          {post.media.map((item) =>
            item.type.startsWith("video/") ? (
              <video key={item.url} src={item.url} controls preload="metadata" className="w-full rounded-xl bg-black" />
            ) : (
              <img key={item.url} src={item.url} alt="" className="w-full rounded-xl" />
            ),
          )}
        </div>
      ) : null}
      <p className="mt-3 text-sm text-slate-500">
        {post.likes_count} likes · {post.comments_count} comments · {post.shares_count} shares · {post.views_count} views
      </p>

      <section aria-labelledby="comments-title" className="mt-5 border-t border-slate-200 pt-4">
        <h3 id="comments-title" className="font-semibold text-slate-900">
          Comments
        </h3>
        <fetcher.Form
          key={formKey}
          method="post"
          action="/app/community"
          preventScrollReset
          onChange={() => setError(undefined)}
          className="mt-3 space-y-2"
        >
          <IntentFields intent="comment" postId={post.id} returnTo={returnTo} />
          <label htmlFor="comment-content" className="sr-only">
            Your comment
          </label>
          <textarea
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
        {allComments.length ? (
          <ol className="mt-4 space-y-3">
            {allComments.map((comment) => (
              <li key={comment.id} className="rounded-xl bg-slate-50 p-3">
                <p className="text-sm">
                  <span className="font-semibold text-slate-900">{comment.author_name}</span>{" "}
                  <span className="text-slate-500" suppressHydrationWarning>
                    · {timeAgo(comment.created_at, now)}
                  </span>
                </p>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{comment.content}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-sm text-slate-500">No comments yet. Start the conversation.</p>
        )}
      </section>
    </Modal>
  );
}
