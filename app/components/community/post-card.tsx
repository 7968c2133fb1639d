import { Bookmark, Heart, MessageCircle, Play, Share2 } from "~/components/icons";
import { useContext, useEffect, useLayoutEffect, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { HiddenMark } from "~/components/hidden-mark";
import { labelOf, MAX_THUMBNAILS, PREVIEW_LENGTH } from "~/features/community/vocabulary";
import type { CommunityActionResult, FeedPost } from "~/features/community/wire";
import { timeAgo } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { useHydrated } from "~/lib/use-hydrated";
import { ReportLink } from "~/components/moderation/report-link";
import { FollowButton, FollowingContext } from "./follow-button";
import { IntentFields } from "./intent-fields";
import { sharePost } from "./share-post";
import { AuthorMarks, EditedMark, EventBadge, PostDetails } from "./post-parts";
import { PostAuthorActions } from "./post-author-actions";

/** Up to four thumbnails, the fourth saying "+N more" when there are others. */
function MediaThumbnails({ post, openHref }: { post: FeedPost; openHref: string }) {
  if (!post.media.length) return null;
  const shown = post.media.slice(0, MAX_THUMBNAILS);
  const hidden = post.media.length - shown.length;
  return (
    <div className={`mt-3 grid gap-1.5 overflow-hidden rounded-xl ${shown.length === 1 ? "grid-cols-1" : "grid-cols-2"}`}>
      {shown.map((item, index) => (
        <Link
          key={item.url}
          to={openHref}
          preventScrollReset
          className={`relative block bg-slate-100 ${shown.length === 1 ? "aspect-video" : "aspect-[4/3]"} ${
            shown.length === 3 && index === 0 ? "row-span-2 aspect-auto" : ""
          }`}
          aria-label={`Open media ${index + 1} of ${post.media.length}`}
        >
          {item.type.startsWith("video/") ? (
            <>
              <video src={item.url} preload="metadata" muted playsInline className="size-full object-cover" />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="rounded-full bg-black/60 p-3 text-fixed-white">
                  <Play aria-hidden className="size-5" />
                </span>
              </span>
            </>
          ) : (
            <img src={item.url} alt="" loading="lazy" className="size-full object-cover" />
          )}
          {hidden > 0 && index === shown.length - 1 ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-xl font-semibold text-fixed-white">
              +{hidden} more
            </span>
          ) : null}
        </Link>
      ))}
    </div>
  );
}

/**
 * One interaction button as a form: it works without JavaScript (the action redirects back);
 * with it, a fetcher posts it and the card shows the answer.
 */
function InteractionForm({
  fetcher,
  intent,
  postId,
  returnTo,
  label,
  pressed,
  onSubmit,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher<CommunityActionResult>>;
  intent: string;
  postId: number;
  returnTo: string;
  label: string;
  pressed?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action="/app/community" preventScrollReset onSubmit={onSubmit}>
      <IntentFields intent={intent} postId={postId} returnTo={returnTo} />
      <button
        type="submit"
        aria-label={label}
        aria-pressed={pressed}
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

/** A like as it shows while its call runs: the count moves at once and goes back if the call fails. */
export function optimisticLike(fetcher: { formData?: FormData }, post: FeedPost) {
  let liked = post.user_interacted.like;
  let likes = post.likes_count;
  if (fetcher.formData) {
    liked = !liked;
    likes = Math.max(0, likes + (liked ? 1 : -1));
  }
  return { liked, likes };
}

/** The like button of the card and of the post dialog: a form, so it works without JavaScript too. */
export function LikeForm({
  fetcher,
  postId,
  returnTo,
  liked,
  likes,
}: {
  fetcher: ReturnType<typeof useFetcher<CommunityActionResult>>;
  postId: number;
  returnTo: string;
  liked: boolean;
  likes: number;
}) {
  return (
    <InteractionForm
      fetcher={fetcher}
      intent="like"
      postId={postId}
      returnTo={returnTo}
      label={`Like, ${countOf(likes, "like")}`}
      pressed={liked}
    >
      <Heart aria-hidden className={`size-5 ${liked ? "fill-red-500 text-red-500" : ""}`} />
      <span data-testid="likes-count">{likes}</span>
    </InteractionForm>
  );
}

/** The latest state of a post: the newest answer of any of its fetchers, else what the page loaded. */
function useLatestPost(post: FeedPost, fetchers: { data?: CommunityActionResult }[]) {
  const [latest, setLatest] = useState(post);
  useEffect(() => setLatest(post), [post]);
  const answers = fetchers.map((fetcher) => fetcher.data);
  // A layout effect: the card never shows the moment between the call ending and its answer.
  useLayoutEffect(() => {
    for (const answer of answers) {
      if (!answer) continue;
      // An interaction that fails is only logged; nothing changes on screen.
      if (!answer.ok) console.warn(`Interaction failed: ${answer.message}`);
      else if (answer.post && answer.post.id === post.id) setLatest(answer.post);
    }
    // One run per new answer of any of the card's forms: the answers are the trigger, and the post
    // is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, answers);
  return latest;
}

/**
 * Without JavaScript a share is a form: the page comes back with this box on the shared post,
 * its link ready to copy.
 */
function ShareLinkBox({ postId, url, doneHref }: { postId: number; url: string; doneHref: string }) {
  return (
    <div id={`share-${postId}`} className="mt-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <label htmlFor={`share-link-${postId}`} className="block text-sm font-medium text-slate-800">
        Copy this link to share the post
      </label>
      <input
        id={`share-link-${postId}`}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      />
      <Link to={doneHref} preventScrollReset className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Done
      </Link>
    </div>
  );
}

export function PostCard({
  post,
  now,
  returnTo,
  openHref,
  shareLink,
  likesHref,
  onDeleted,
}: {
  post: FeedPost;
  now: number;
  /** The URL that lists who liked the post. */
  likesHref: string;
  /** The post was deleted by its author (with JavaScript): the list drops it. */
  onDeleted?: (postId: number) => void;
  /** The page to come back to after a form is sent without JavaScript. */
  returnTo: string;
  /** The URL that opens this post in the post dialog. */
  openHref: string;
  /** After a share without JavaScript: the post's link, shown to copy. */
  shareLink?: string;
}) {
  const hydrated = useHydrated();
  const { viewerId } = useContext(FollowingContext);
  const like = useFetcher<CommunityActionResult>();
  const save = useFetcher<CommunityActionResult>();
  const share = useFetcher<CommunityActionResult>();
  const latest = useLatestPost(post, [like, save, share]);
  const [expanded, setExpanded] = useState(false);

  const { liked, likes } = optimisticLike(like, latest);
  const saved = save.formData ? !latest.user_interacted.save : latest.user_interacted.save;
  const isSample = post.id === 0;

  const long = latest.content.length > PREVIEW_LENGTH;
  const text = long && !expanded ? `${latest.content.slice(0, PREVIEW_LENGTH).trimEnd()}…` : latest.content;

  /** With JavaScript, Share shares (or copies the link) first; the share is recorded only if it happened. */
  const onShare = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const form = event.currentTarget;
    void sharePost(latest).then((outcome) => {
      if (outcome === "shared" || outcome === "copied") void share.submit(form);
    });
  };

  return (
    <article
      aria-labelledby={`post-${post.id}-title`}
      // Focusable by script only: after Load more, reading goes on at the first new post.
      tabIndex={-1}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {latest.author_name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* A long name is cut short here; the whole of it is in the title and the post dialog. */}
            <span
              data-testid="author-name"
              title={latest.author_name}
              className="max-w-full min-w-0 truncate font-semibold text-slate-900"
            >
              {isSample ? (
                latest.author_name
              ) : (
                <Link to={`/app/members/${latest.author_id}`} className="hover:text-brand-700 hover:underline">
                  {latest.author_name}
                </Link>
              )}
            </span>
            <AuthorMarks post={latest} />
            {isSample ? null : (
              <FollowButton authorId={latest.author_id} authorName={latest.author_name} returnTo={returnTo} postId={post.id} />
            )}
          </div>
          <p className="text-xs text-slate-500">
            <time dateTime={latest.created_at} suppressHydrationWarning>
              {timeAgo(latest.created_at, now)}
            </time>
            <EditedMark editedAt={latest.edited_at} now={now} /> · {labelOf(latest.category)} · {labelOf(latest.post_type)}
          </p>
          <PostAuthorActions post={latest} returnTo={returnTo} onDeleted={onDeleted} />
          <HiddenMark hidden={latest.is_hidden} own={latest.author_id === viewerId} className="mt-1" />
          <ReportLink
            type="post"
            id={post.id}
            own={latest.author_id === viewerId}
            reported={latest.is_reported}
            back={returnTo}
            name={latest.title}
          />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {latest.is_featured ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Featured</span>
          ) : null}
          <EventBadge post={latest} now={now} />
        </div>
      </header>

      <h3 id={`post-${post.id}-title`} className="mt-3 text-lg font-semibold text-slate-900 wrap-anywhere">
        {isSample ? (
          latest.title
        ) : (
          <Link to={openHref} preventScrollReset className="hover:text-brand-700 hover:underline">
            {latest.title}
          </Link>
        )}
      </h3>
      {/* Post text is plain text: React escapes it, and line breaks are kept by CSS. */}
      <p className="mt-1.5 whitespace-pre-line text-slate-700 wrap-anywhere">{text}</p>
      {long ? (
        <Link
          to={openHref}
          preventScrollReset
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setExpanded((value) => !value);
          }}
          aria-expanded={hydrated ? expanded : undefined}
          className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline"
        >
          {expanded ? "Show less" : "Read more"}
        </Link>
      ) : null}

      <PostDetails post={latest} />
      {latest.tags.length ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {latest.tags.map((tag) => (
            <li key={tag} className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 wrap-anywhere">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <MediaThumbnails post={latest} openHref={openHref} />

      {isSample ? null : (
        <footer className="mt-3 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          <LikeForm fetcher={like} postId={post.id} returnTo={returnTo} liked={liked} likes={likes} />
          <Link
            to={openHref}
            preventScrollReset
            aria-label={`Comments, ${countOf(latest.comments_count, "comment")}`}
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <MessageCircle aria-hidden className="size-5" />
            {latest.comments_count}
          </Link>
          <InteractionForm
            fetcher={share}
            intent="share"
            postId={post.id}
            returnTo={returnTo}
            label={`Share, ${countOf(latest.shares_count, "share")}`}
            onSubmit={onShare}
          >
            <Share2 aria-hidden className="size-5" />
            {latest.shares_count}
          </InteractionForm>
          <span className="ml-auto inline-flex flex-wrap items-center gap-x-2 px-2 text-xs text-slate-500">
            {likes > 0 ? (
              <Link to={likesHref} preventScrollReset className="font-medium text-brand-700 hover:underline">
                Liked by {countOf(likes, "member")}
              </Link>
            ) : null}
            <span>{countOf(latest.views_count, "view")}</span>
          </span>
          <InteractionForm fetcher={save} intent="save" postId={post.id} returnTo={returnTo} label="Save" pressed={saved}>
            <Bookmark aria-hidden className={`size-5 ${saved ? "fill-brand-600 text-brand-600" : ""}`} />
          </InteractionForm>
        </footer>
      )}
      {shareLink ? <ShareLinkBox postId={post.id} url={shareLink} doneHref={returnTo} /> : null}
    </article>
  );
}
