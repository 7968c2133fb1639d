import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { ListingCard } from "~/components/marketplace/listing-parts";
import { MemberLink } from "~/components/member-link";
import type { SearchResults as Results } from "~/features/search/schemas";
import { dateTime } from "~/lib/dates";

/** A word beside a found thing that it is not like the others: cancelled, or sample content. */
function Mark({ tone, children }: { tone: "red" | "amber"; children: ReactNode }) {
  const colours = tone === "red" ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-100 text-amber-900 ring-amber-300";
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${colours}`}>{children}</span>;
}

/** One kind's section: its first few, how many there are, and a link to its full results. */
function Section({
  id,
  title,
  total,
  shown,
  more,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-600">({total})</span>
        </h2>
        {more && total > 0 ? (
          <Link to={more.to} className="text-sm text-brand-700 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      {shown ? children : <p className="text-sm text-slate-600">Nothing found.</p>}
    </section>
  );
}

/** The answer of one search: posts, listings, members and events, each in its own section. */
export function SearchResults({ q, results, now }: { q: string; results: Results; now: number }) {
  const words = encodeURIComponent(q);
  return (
    <div className="space-y-6">
      <Section
        id="found-listings"
        title="Listings"
        total={results.listings.total}
        shown={results.listings.items.length}
        more={{ to: `/app/marketplace?search=${words}`, label: "See them in the marketplace" }}
      >
        <ul className="grid gap-4 sm:grid-cols-2">
          {results.listings.items.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} now={now} />
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="found-posts"
        title="Posts"
        total={results.posts.total}
        shown={results.posts.items.length}
        more={{ to: `/app/community?search=${words}`, label: "See them in the community" }}
      >
        <ul className="divide-y divide-slate-100">
          {results.posts.items.map((post) => (
            <li key={post.id} className="py-2">
              <Link to={`/app/community?post=${post.id}`} className="font-medium text-brand-700 hover:underline">
                {post.title}
              </Link>
              <p className="text-sm text-slate-600">by {post.author_name}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="found-members" title="Members" total={results.members.total} shown={results.members.items.length}>
        <ul className="divide-y divide-slate-100">
          {results.members.items.map((member) => (
            <li key={member.id} className="py-2">
              <MemberLink member={member} className="font-medium text-brand-700 hover:underline" />
              {member.company || member.location ? (
                <p className="text-sm text-slate-600">{[member.company, member.location].filter(Boolean).join(" · ")}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="found-events" title="Events" total={results.events.total} shown={results.events.items.length}>
        <ul className="divide-y divide-slate-100">
          {results.events.items.map((event) => (
            <li key={event.id} className="py-2">
              <Link to={`/app/events/${event.id}`} className="font-medium text-brand-700 hover:underline">
                {event.title}
              </Link>{" "}
              {event.status === "cancelled" ? <Mark tone="red">Cancelled</Mark> : null}{" "}
              {event.is_sample ? <Mark tone="amber">Sample event</Mark> : null}
              <p className="text-sm text-slate-600">
                {/* The organiser's clock, its zone named: the time is the place's. */}
                {dateTime(event.starts_at, event.time_zone)} ({event.time_zone.replaceAll("_", " ")}) · {event.place}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
