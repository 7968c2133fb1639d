import { BadgeCheck, Plus, Trophy } from "~/components/icons";
import { LOCAL_RADIUS_KM } from "~/features/community/vocabulary";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Link } from "~/lib/link";
import { communityHref, FeedToolbar } from "~/components/community/feed-toolbar";
import { FollowButton, FollowingContext } from "~/components/community/follow-button";
import { PostCard } from "~/components/community/post-card";
import { postLink } from "~/components/community/share-post";
import { COMMUNITY_TABS, FEED_PAGE_SIZE, labelOf, SAVED_TAB } from "~/features/community/vocabulary";
import { messages } from "~/features/community/messages";
import { useHydrated } from "~/lib/use-hydrated";
import type {
  CommunityActionResult,
  CommunityView,
  FeedPost,
  FeedSlice,
  OpenLikes,
  OpenPost,
  RecommendedMember,
} from "~/features/community/wire";

// The dialogs load when first opened, which keeps the feed's own script small.
const CreatePostDialog = lazy(() =>
  import("~/components/community/create-post-dialog").then((module) => ({ default: module.CreatePostDialog })),
);
const PostDialog = lazy(() => import("~/components/community/post-dialog").then((module) => ({ default: module.PostDialog })));

const LikesDialog = lazy(() => import("~/components/community/likes-dialog").then((module) => ({ default: module.LikesDialog })));

type MorePages = { posts: FeedPost[]; nextPage: number; hasMore: boolean; loading: boolean; error?: string };

/** The API query for the next page of the tab's feed, or of the search (endless scroll with JavaScript). */
function nextPageUrl(view: CommunityView, page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(FEED_PAGE_SIZE) });
  if (view.search) {
    params.set("query", view.search);
    if (view.category) params.set("category", view.category);
    if (view.postType) params.set("post_type", view.postType);
    return `/api/feed/search?${params}`;
  }
  if (view.tab === SAVED_TAB.id) return `/api/users/saved?${params}`;
  const feed = (COMMUNITY_TABS.find((tab) => tab.id === view.tab) ?? COMMUNITY_TABS[0]).feed;
  if (view.category) params.set("category", view.category);
  if (view.postType) params.set("postType", view.postType);
  if (view.timeRange !== "all") params.set("timeRange", view.timeRange);
  if (view.location) params.set("location", view.location);
  return `/api/feed/${feed}?${params}`;
}

/** What the community loader sends the page: the view asked for, its slice of the feed, an opened post or likes list, and the side panel. */
export type CommunityPageData = {
  view: CommunityView;
  feed: FeedSlice;
  opened: OpenPost | null;
  likes: OpenLikes | null;
  preferredLocation: string | null;
  viewerId: number;
  following: number[];
  origin: string;
  recommendations: RecommendedMember[];
  now: number;
};

/** The community page: tabs and filters, the feed (endless with JavaScript, paged without), the dialogs and the side panel. */
export function CommunityPage({ page, actionData }: { page: CommunityPageData; actionData: CommunityActionResult | undefined }) {
  const { view, feed, opened, likes, preferredLocation, recommendations, now, viewerId, following, origin } = page;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const baseHref = communityHref(view, { search: view.search, page: view.page > 1 ? view.page : undefined });
  const feedKey = communityHref(view, { search: view.search, page: view.page });

  // Posts published here by script go on top; later pages come from endless scroll.
  const [created, setCreated] = useState<FeedPost[]>([]);
  const [more, setMore] = useState<MorePages>({ posts: [], nextPage: view.page + 1, hasMore: feed.hasMore, loading: false });
  const [changed, setChanged] = useState<Record<number, FeedPost>>({});
  const [deleted, setDeleted] = useState<Set<number>>(() => new Set());
  const [composeOpen, setComposeOpen] = useState(Boolean(view.compose) || (actionData?.intent === "create" && !actionData.ok));
  // A new list (tab, filters, search, page) starts over. Opening or closing a post reloads the
  // page's data too, and must not drop the posts loaded by scrolling (the one opened among them).
  useEffect(() => {
    setMore({ posts: [], nextPage: view.page + 1, hasMore: feed.hasMore, loading: false });
    setCreated([]);
    setChanged({});
    // Only a new list starts over: a revalidation of the same list (new hasMore) must keep the
    // posts loaded by scrolling, so the page's figures are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedKey]);
  // Whom the member follows: as loaded, then as each follow or unfollow confirms.
  const [followedIds, setFollowedIds] = useState(() => new Set(following));
  useEffect(() => setFollowedIds(new Set(following)), [following]);
  const setFollowed = useCallback(
    (authorId: number, on: boolean) =>
      setFollowedIds((ids) => {
        if (ids.has(authorId) === on) return ids;
        const next = new Set(ids);
        if (on) next.add(authorId);
        else next.delete(authorId);
        return next;
      }),
    [],
  );
  const followed = useMemo(() => ({ viewerId, followed: followedIds, setFollowed }), [viewerId, followedIds, setFollowed]);
  useEffect(() => {
    if (view.compose || (actionData?.intent === "create" && !actionData.ok)) setComposeOpen(true);
  }, [view.compose, actionData]);

  const posts = useMemo(() => {
    const seen = new Set<number>();
    return [...created, ...feed.posts, ...more.posts]
      .filter((post) => !deleted.has(post.id) && (seen.has(post.id) ? false : (seen.add(post.id), true)))
      .map((post) => changed[post.id] ?? post);
  }, [created, feed.posts, more.posts, changed, deleted]);

  const loadMore = useCallback(
    async (retrying = false) => {
      if (more.loading || !more.hasMore || (more.error && !retrying)) return;
      setMore((state) => ({ ...state, loading: true, error: undefined }));
      try {
        const response = await fetch(nextPageUrl(view, more.nextPage), { headers: { Accept: "application/json" } });
        if (response.status === 401) {
          // A 401 sends the member to sign in again.
          window.location.assign(`/auth/login?redirectTo=${encodeURIComponent(baseHref)}`);
          return;
        }
        const body = await response.json();
        if (!response.ok || !body.success) throw new Error(body.message);
        const page: FeedPost[] = body.data.posts;
        // Someone who asked for more from the Load more link (by keyboard, or a screen reader)
        // goes on reading at the first new post, not at the link now below them.
        if (page.length && document.activeElement === loadMoreLink.current) focusPost.current = page[0].id;
        setMore((state) => ({
          posts: [...state.posts, ...page],
          nextPage: state.nextPage + 1,
          hasMore: body.data.pagination.hasMore && page.length === FEED_PAGE_SIZE,
          loading: false,
        }));
      } catch (error) {
        console.warn("Loading more posts failed", error);
        setMore((state) => ({ ...state, loading: false, error: messages.loadFailed }));
      }
    },
    [more, view, baseHref],
  );

  const loadMoreLink = useRef<HTMLAnchorElement>(null);
  const focusPost = useRef<number | null>(null);
  useEffect(() => {
    if (focusPost.current === null) return;
    document.querySelector<HTMLElement>(`#post-${focusPost.current} article`)?.focus();
    focusPost.current = null;
  }, [more.posts]);

  // Endless scroll: the next page loads when the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hydrated) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadMore(), {
      rootMargin: "200px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hydrated, loadMore]);

  const refresh = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setMore({ posts: [], nextPage: view.page + 1, hasMore: feed.hasMore, loading: false });
    setCreated([]);
    setChanged({});
    void revalidator.revalidate();
  };
  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    if (more.error) {
      void loadMore(true);
      return;
    }
    void revalidator.revalidate();
  };
  const closeHref = baseHref;
  const closeDialog = () => navigate(closeHref, { preventScrollReset: true, replace: true });
  const onChanged = (post: FeedPost) => setChanged((state) => ({ ...state, [post.id]: post }));
  const error = feed.error ?? more.error;
  const hasMore = more.error ? false : more.posts.length ? more.hasMore : feed.hasMore;
  const openHref = (post: FeedPost) =>
    communityHref(view, { search: view.search, page: view.page > 1 ? view.page : undefined, post: post.id });
  const likesHref = (post: { id: number }) =>
    communityHref(view, { search: view.search, page: view.page > 1 ? view.page : undefined, likes: post.id });
  const onDeleted = (postId: number) => {
    // Reading goes on at the next post (or the list's heading when it was the last one).
    const next = document.getElementById(`post-${postId}`)?.nextElementSibling?.querySelector<HTMLElement>("article");
    setDeleted((ids) => new Set(ids).add(postId));
    (next ?? document.getElementById("community-title"))?.focus();
  };

  return (
    <FollowingContext.Provider value={followed}>
      <div className="mx-auto flex max-w-6xl gap-6">
        <section aria-labelledby="community-title" className="min-w-0 flex-1 space-y-4">
          {/* On the narrowest phones Create Post goes under the title rather than past the edge. */}
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-[1_1_14rem]">
              <h2 id="community-title" tabIndex={-1} className="text-2xl font-bold text-slate-900">
                Community
              </h2>
              <p className="text-sm text-slate-600">
                Tips, projects, questions and events from people who keep materials in use.
              </p>
            </div>
            <Link
              to={communityHref(view, { search: view.search, compose: 1 })}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setComposeOpen(true);
              }}
              preventScrollReset
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              <Plus aria-hidden className="size-4" /> Create Post
            </Link>
          </div>
          <FeedToolbar view={view} preferredLocation={preferredLocation} onRefresh={refresh} />
          {(opened && "missing" in opened) || (likes && "missing" in likes) ? (
            // A link to a post that was deleted since (a notification, an old bookmark) says so instead of showing nothing.
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              This post is no longer here: its author deleted it, or it is not yours to see.
            </p>
          ) : null}

          {view.search ? (
            <p className="text-sm text-slate-700">
              Results for <strong>“{view.search}”</strong>{" "}
              <Link
                to={communityHref({ ...view, search: undefined })}
                className="ml-2 font-medium text-brand-700 hover:underline"
              >
                Clear search
              </Link>
            </p>
          ) : null}
          {view.tab === "local" && !view.search ? (
            <p className="text-sm text-slate-600">
              {view.location || preferredLocation
                ? `Posts and upcoming events in and around ${view.location ?? preferredLocation} (within ${LOCAL_RADIUS_KM} km of a town or postcode we know).`
                : "Posts with a location, upcoming local events first. Set a location in the filters to narrow it down."}
            </p>
          ) : null}
          {view.page > 1 ? (
            <Link
              to={communityHref(view, { page: view.page > 2 ? view.page - 1 : undefined })}
              className="inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              ← Newer posts
            </Link>
          ) : null}

          {feed.error ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
              <p>{feed.error}</p>
              <Link to={baseHref} onClick={retry} className="mt-2 inline-block font-semibold underline">
                Try again
              </Link>
            </div>
          ) : null}

          {posts.length ? (
            <ol aria-label="Posts" className="space-y-4">
              {posts.map((post) => (
                <li key={post.id} id={`post-${post.id}`}>
                  <PostCard
                    post={post}
                    now={now}
                    returnTo={baseHref}
                    openHref={openHref(post)}
                    shareLink={view.shared === post.id ? postLink(origin, post.id) : undefined}
                    likesHref={likesHref(post)}
                    onDeleted={onDeleted}
                  />
                </li>
              ))}
            </ol>
          ) : !error ? (
            <EmptyState view={view} />
          ) : null}

          {more.error ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
              <p>{more.error}</p>
              <Link
                to={communityHref(view, { page: more.nextPage })}
                onClick={retry}
                className="mt-2 inline-block font-semibold underline"
              >
                Try again
              </Link>
            </div>
          ) : null}
          <div ref={sentinel}>
            {hasMore ? (
              <Link
                ref={loadMoreLink}
                to={communityHref(view, { page: more.nextPage })}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  void loadMore();
                }}
                className="block rounded-xl bg-white py-3 text-center text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
              >
                {more.loading ? "Loading more posts…" : "Load more"}
              </Link>
            ) : posts.length && !error ? (
              <p className="py-4 text-center text-sm text-slate-500">You’ve reached the end of the feed.</p>
            ) : null}
          </div>
        </section>

        <aside aria-labelledby="follow-title" className="hidden w-72 shrink-0 lg:block">
          {recommendations.length ? (
            <div className="sticky top-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 id="follow-title" className="font-semibold text-slate-900">
                Who to follow
              </h2>
              <ul className="mt-3 space-y-3">
                {recommendations.map((member) => (
                  <li key={member.id} className="flex items-start gap-3">
                    <span
                      aria-hidden
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                    >
                      {member.username.charAt(0).toUpperCase()}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex items-center gap-1 text-sm font-semibold text-slate-900">
                        <Link
                          to={`/app/members/${member.id}`}
                          className="min-w-0 wrap-anywhere hover:text-brand-700 hover:underline"
                        >
                          {member.username}
                        </Link>
                        {member.author_type === "expert" ? (
                          <Trophy aria-label="Expert" className="size-3.5 shrink-0 text-amber-600" />
                        ) : null}
                        {member.is_verified ? (
                          <BadgeCheck aria-label="Verified" className="size-3.5 shrink-0 text-sky-600" />
                        ) : null}
                      </p>
                      <p className="text-xs text-slate-500">{member.reason}</p>
                    </div>
                    <FollowButton authorId={member.id} authorName={member.username} returnTo={baseHref} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </aside>

        <Suspense fallback={null}>
          {composeOpen ? (
            <CreatePostDialog
              open
              onClose={() => {
                setComposeOpen(false);
                if (view.compose) closeDialog();
              }}
              closeHref={closeHref}
              returnTo={baseHref}
              serverResult={actionData?.intent === "create" ? actionData : undefined}
              onCreated={(post) => setCreated((list) => [post, ...list])}
            />
          ) : null}
          {opened && "post" in opened ? (
            <PostDialog
              key={opened.post.id}
              post={changed[opened.post.id] ?? opened.post}
              comments={opened.comments}
              now={now}
              closeHref={closeHref}
              returnTo={openHref(opened.post)}
              onClose={closeDialog}
              onChanged={onChanged}
              onDeleted={(postId) => {
                setDeleted((ids) => new Set(ids).add(postId));
                closeDialog();
              }}
              likesHref={likesHref(opened.post)}
              editingCommentId={view.editComment}
              deletingCommentId={view.deleteComment}
            />
          ) : null}
          {likes && "post" in likes ? (
            <LikesDialog
              post={likes.post}
              likes={likes.likes}
              closeHref={closeHref}
              onClose={closeDialog}
              pageHref={(page) =>
                communityHref(view, { search: view.search, likes: likes.post.id, likesPage: page > 1 ? page : undefined })
              }
            />
          ) : null}
        </Suspense>
      </div>
    </FollowingContext.Provider>
  );
}

function EmptyState({ view }: { view: CommunityView }) {
  const filtered = view.category || view.postType || view.timeRange !== "all";
  let title = "No posts yet";
  let text = "Be the first to share a tip, a project or an event.";
  if (view.search) {
    title = "Nothing found";
    text = `No posts match “${view.search}”${filtered ? " with these filters" : ""}.`;
  } else if (filtered) {
    title = "No posts match these filters";
    text = `Try another ${[view.category && "category", view.postType && "post type", view.timeRange !== "all" && "time range"].filter(Boolean).join(" or ")}.`;
  } else if (view.tab === SAVED_TAB.id) {
    title = "No saved posts yet";
    text = "Save a post with its bookmark button and it will wait for you here, newest saved first.";
  } else if (view.tab === "following") {
    title = "You are not following anyone yet";
    text = "Follow members whose work you want to see first; their posts will appear here.";
  } else if (view.tab === "local") {
    title = "Nothing local yet";
    text = view.location ? `No posts from ${view.location} yet.` : "No posts with a location yet.";
  }
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      {filtered ? (
        <Link
          to={communityHref({ tab: view.tab, search: view.search })}
          className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
        >
          Clear Filters
        </Link>
      ) : null}
      {view.category ? <p className="sr-only">Category: {labelOf(view.category)}</p> : null}
    </div>
  );
}
