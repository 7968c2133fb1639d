import { BadgeCheck, CalendarDays, Clock, Gauge, Leaf, MapPin, ShieldCheck, Trophy } from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { labelOf } from "~/features/community/vocabulary";
import type { FeedPost } from "~/features/community/wire";
import { timeAgo } from "~/lib/dates";

/** Author marks: expert with a trophy, admin, verified with a badge. */
export function AuthorMarks({ post }: { post: Pick<FeedPost, "author_type" | "is_verified"> }) {
  return (
    <>
      {post.author_type === "expert" ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
          <Trophy aria-hidden className="size-3.5" /> Expert
        </span>
      ) : null}
      {post.author_type === "admin" ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800">
          <ShieldCheck aria-hidden className="size-3.5" /> Admin
        </span>
      ) : null}
      {post.is_verified ? (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-sky-700" title="Verified member">
          <BadgeCheck aria-hidden className="size-4" /> <span>Verified</span>
        </span>
      ) : null}
    </>
  );
}

export function EventBadge({ post, now }: { post: FeedPost; now: number }) {
  if (post.post_type !== "event" && !post.is_local_event) return null;
  if (!post.event_date) return null;
  const upcoming = Date.parse(post.event_date) > now;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        upcoming ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"
      }`}
    >
      {upcoming ? "Upcoming" : "Past Event"}
    </span>
  );
}

const formatEventDate = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

/** Location, event date, difficulty, time and impact: whatever the post has. */
export function PostDetails({ post }: { post: FeedPost }) {
  const impact = Object.entries(post.environmental_impact);
  const items: ReactNode[] = [];
  // Member-typed text may hold words longer than a phone is wide: it wraps anywhere.
  if (post.location_name)
    items.push(
      <span key="place" className="inline-flex max-w-full items-start gap-1 wrap-anywhere">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" /> {post.location_name}
      </span>,
    );
  if (post.event_date)
    items.push(
      <span key="date" className="inline-flex items-center gap-1" suppressHydrationWarning>
        <CalendarDays aria-hidden className="size-4" /> {formatEventDate(post.event_date)}
      </span>,
    );
  if (post.difficulty_level)
    items.push(
      <span key="level" className="inline-flex items-center gap-1">
        <Gauge aria-hidden className="size-4" /> {labelOf(post.difficulty_level)}
      </span>,
    );
  if (post.estimated_time)
    items.push(
      <span key="time" className="inline-flex max-w-full items-start gap-1 wrap-anywhere">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" /> {post.estimated_time}
      </span>,
    );
  // A post its organiser shared from an event links to the event's page (RSVP, changes, results).
  if (post.event_id)
    items.push(
      <Link
        key="event"
        to={`/app/events/${post.event_id}`}
        className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        <CalendarDays aria-hidden className="size-4" /> See the event
      </Link>,
    );
  if (!items.length && !impact.length) return null;
  return (
    <div className="mt-3 space-y-2 text-sm text-slate-600">
      {items.length ? <div className="flex flex-wrap gap-x-4 gap-y-1">{items}</div> : null}
      {impact.length ? (
        <ul aria-label="Environmental impact" className="flex flex-wrap gap-2">
          {impact.map(([type, amount]) => (
            <li
              key={type}
              className="inline-flex max-w-full items-start gap-1 rounded-lg bg-emerald-50 px-2 py-1 text-emerald-900 wrap-anywhere"
            >
              <Leaf aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span>
                <span className="font-medium">{type}:</span> {amount}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "· Edited 2 hours ago" beside a post's or a comment's time, when its author changed it. */
export function EditedMark({ editedAt, now }: { editedAt: string | null; now: number }) {
  if (!editedAt) return null;
  return (
    <span>
      {" "}
      · Edited{" "}
      <time dateTime={editedAt} suppressHydrationWarning>
        {timeAgo(editedAt, now)}
      </time>
    </span>
  );
}
