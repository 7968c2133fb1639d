import { BadgeCheck, Ban, Building2, MapPin, MessageCircle, Star, Trophy, UserMinus, UserPlus } from "~/components/icons";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { KindBadge, ListingPrice, SampleBadge, SoldOutBadge } from "~/components/marketplace/listing-parts";
import { HiddenMark } from "~/components/hidden-mark";
import { labelOf } from "~/features/community/vocabulary";
import { formatQuantity } from "~/features/exchange/stock";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import type { BlockResult, FollowResult, MemberPage } from "~/features/profile/wire";
import { monthAndYear, timeAgo } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { ReportLink } from "~/components/moderation/report-link";
import { MemberLink } from "~/components/member-link";
import { Spaced } from "~/components/spaced";
import { VerifiedBusinessDetails } from "~/components/organisation/business-details";

/**
 * A member toggle (Follow/Unfollow, Block/Unblock): a real form (the page reloads with JavaScript
 * off); with it, the button shows what it will be while the change is on its way, the answer comes
 * as a toast, and the page's lists follow on revalidation.
 */
function MemberToggleForm({
  memberId,
  name,
  on,
  intents: [onIntent, offIntent],
  className,
  children,
}: {
  memberId: number;
  name: string;
  on: boolean;
  /** The intent that turns it on, and the one that turns it off. */
  intents: readonly [string, string];
  className: (shown: boolean) => string;
  children: (shown: boolean, pending: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<FollowResult | BlockResult>();
  useFormResult(fetcher, toastResult);
  const pending = fetcher.state !== "idle";
  const shown = fetcher.formData ? fetcher.formData.get("intent") === onIntent : on;
  return (
    <fetcher.Form method="post" onSubmit={ignoreWhilePending(pending)}>
      <EnhancedFields returnTo={`/app/members/${memberId}`} />
      <button
        type="submit"
        name="intent"
        value={shown ? offIntent : onIntent}
        aria-disabled={pending || undefined}
        className={`inline-flex items-center gap-1.5 rounded-lg text-sm aria-disabled:cursor-wait aria-disabled:opacity-70 ${className(shown)}`}
      >
        {children(shown, pending)}
        <span className="sr-only"> {name}</span>
      </button>
    </fetcher.Form>
  );
}

function FollowForm({ memberId, name, following }: { memberId: number; name: string; following: boolean }) {
  return (
    <MemberToggleForm
      memberId={memberId}
      name={name}
      on={following}
      intents={["follow", "unfollow"]}
      className={(shown) =>
        `px-4 py-2 font-semibold ${
          shown
            ? "bg-slate-100 text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200"
            : "bg-brand-600 text-white hover:bg-brand-700"
        }`
      }
    >
      {(shown) => (
        <>
          {shown ? <UserMinus aria-hidden className="size-4" /> : <UserPlus aria-hidden className="size-4" />}
          {shown ? "Unfollow" : "Follow"}
        </>
      )}
    </MemberToggleForm>
  );
}

function BlockForm({ memberId, name, blocked }: { memberId: number; name: string; blocked: boolean }) {
  return (
    <MemberToggleForm
      memberId={memberId}
      name={name}
      on={blocked}
      intents={["block", "unblock"]}
      className={() => "px-3 py-1.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"}
    >
      {(shown, pending) => (
        <>
          <Ban aria-hidden className="size-4" />
          {pending ? (shown ? "Blocking…" : "Unblocking…") : shown ? "Unblock" : "Block"}
        </>
      )}
    </MemberToggleForm>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** What a member's page loader sends: the page, the time its ages are counted from, and the viewer's time zone. */
export type MemberPageData = { page: MemberPage; now: number; timeZone: string };

/** A member's public page: who they are, Follow and Block, their figures, posts, listings and reviews. */
export function MemberPublicPage({ data }: { data: MemberPageData }) {
  const { page, now, timeZone } = data;
  const { member, reputation, follow, posts, listings, reviews } = page;
  return (
    <article aria-labelledby="member-name" className="mx-auto max-w-5xl space-y-6">
      <header className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-start gap-4">
            <span
              aria-hidden
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800"
            >
              {member.username.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 space-y-1 wrap-anywhere">
              <h2 id="member-name" className="text-2xl font-bold text-slate-900">
                {member.username}
              </h2>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {member.is_expert ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
                    <Trophy aria-hidden className="size-3.5" /> Expert
                  </span>
                ) : null}
                {member.is_verified ? (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-sky-700">
                    <BadgeCheck aria-hidden className="size-4" /> Verified
                  </span>
                ) : null}
                <span className="text-slate-600">Member since {monthAndYear(member.joined_at, timeZone)}</span>
              </p>
              {member.company ? (
                <p className="flex items-center gap-1.5 text-sm text-slate-700">
                  <Building2 aria-hidden className="size-4 shrink-0" /> <span className="min-w-0">{member.company}</span>
                </p>
              ) : null}
              {member.location ? (
                <p className="flex items-center gap-1.5 text-sm text-slate-700">
                  <MapPin aria-hidden className="size-4 shrink-0" /> <span className="min-w-0">{member.location}</span>
                </p>
              ) : null}
              {member.bio ? <p className="pt-1 text-slate-700">{member.bio}</p> : null}
              <ReportLink
                type="user"
                id={member.id}
                own={page.is_self}
                reported={page.is_reported}
                back={`/app/members/${member.id}`}
                name={member.username}
              />
            </div>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <p className="text-sm text-slate-600" data-testid="followers">
              {countOf(follow.followers_count, "follower")}
            </p>
            {page.is_self ? (
              <Link to="/app/profile" className="text-sm font-medium text-brand-700 hover:underline">
                This is you: edit your profile
              </Link>
            ) : (
              <>
                {page.blocked ? null : <FollowForm memberId={member.id} name={member.username} following={follow.following} />}
                <BlockForm memberId={member.id} name={member.username} blocked={page.blocked} />
              </>
            )}
          </div>
        </div>
        {page.blocked ? (
          <p
            role="status"
            className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="blocked-note"
          >
            {BLOCK_MESSAGES.pageNote}
          </p>
        ) : null}

        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure
            label="Rating"
            testId="rating"
            value={reputation.rating === null ? "No reviews yet" : `${reputation.rating} of 5`}
          />
          <Figure label="Reviews" testId="reviews-count" value={String(reputation.reviews_count)} />
          <Figure label="Orders completed" testId="completed-orders" value={String(reputation.completed_orders)} />
          <Figure label="Orders cancelled" testId="cancelled-orders" value={String(reputation.cancelled_orders)} />
        </dl>
      </header>

      {page.business ? <VerifiedBusinessDetails organisation={page.business} /> : null}

      <section aria-labelledby="listings-title" className="space-y-3">
        <h3 id="listings-title" className="text-xl font-semibold text-slate-900">
          Open listings <span className="text-base font-normal text-slate-600">({listings.total})</span>
        </h3>
        {listings.listings.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {listings.listings.map((listing) => (
              <li key={listing.id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere">
                <p className="flex flex-wrap items-center gap-1.5">
                  <Spaced>
                    <KindBadge kind={listing.kind} />
                    {listing.is_sample ? <SampleBadge /> : null}
                    {listing.quantity_left > 0 ? null : <SoldOutBadge />}
                    <HiddenMark hidden={listing.is_hidden} own={page.is_self} />
                  </Spaced>
                </p>
                <h4 className="mt-1 font-semibold text-slate-900">
                  <Link to={`/app/marketplace/${listing.id}`} className="hover:text-brand-700 hover:underline">
                    {listing.title}
                  </Link>
                </h4>
                <p className="mt-1">
                  <ListingPrice listing={listing} />
                </p>
                <p className="text-sm text-slate-600">
                  {listing.quantity_left > 0 ? `${formatQuantity(listing.quantity_left, listing.unit)} left` : "None left"}
                  {listing.location ? ` · ${listing.location}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{page.blocked ? "Not shown: you blocked this member." : "No open listings right now."}</p>
        )}
        {page.is_self ? (
          <Link to="/app/marketplace/mine" className="inline-block text-sm font-medium text-brand-700 hover:underline">
            All my listings
          </Link>
        ) : null}
      </section>

      <section aria-labelledby="reviews-title" className="space-y-3">
        <h3 id="reviews-title" className="text-xl font-semibold text-slate-900">
          Reviews received <span className="text-base font-normal text-slate-600">({reviews.total})</span>
        </h3>
        {reviews.reviews.length ? (
          <ul className="space-y-3">
            {reviews.reviews.map((review) => (
              <li key={review.id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="inline-flex items-center gap-1 font-semibold text-slate-900">
                    <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" /> {review.rating} of 5
                  </span>
                  <span className="text-slate-600">
                    by <MemberLink member={review.author} className="font-medium text-brand-700 hover:underline" /> ·{" "}
                    <span suppressHydrationWarning>{timeAgo(review.created_at, now)}</span>
                  </span>
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-700">{review.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No reviews yet.</p>
        )}
      </section>

      <section aria-labelledby="posts-title" className="space-y-3">
        <h3 id="posts-title" className="text-xl font-semibold text-slate-900">
          Recent posts
        </h3>
        {posts.length ? (
          <ul className="space-y-3">
            {posts.map((post) => (
              <li key={post.id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere">
                <h4 className="font-semibold text-slate-900">
                  <Link to={`/app/community?post=${post.id}`} className="hover:text-brand-700 hover:underline">
                    {post.title}
                  </Link>
                </h4>
                <p className="mt-1 text-xs text-slate-600">
                  <span suppressHydrationWarning>{timeAgo(post.created_at, now)}</span> · {labelOf(post.category)} ·{" "}
                  {countOf(post.likes_count, "like")} ·{" "}
                  <span className="inline-flex items-center gap-1">
                    <MessageCircle aria-hidden className="size-3.5" /> {countOf(post.comments_count, "comment")}
                  </span>
                </p>
                <HiddenMark hidden={post.is_hidden} own={page.is_self} className="mt-1" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{page.blocked ? "Not shown: you blocked this member." : "No posts yet."}</p>
        )}
      </section>
    </article>
  );
}
