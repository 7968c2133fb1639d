import { ArrowLeft, Plus } from "~/components/icons";
import { Link } from "~/lib/link";
import { KindBadge, ListingPrice, SoldOutBadge } from "~/components/marketplace/listing-parts";
import { HiddenMark } from "~/components/hidden-mark";
import { RouteError } from "~/components/route-error";
import { listingsOf } from "~/features/exchange/store/listings.server";
import { formatQuantity } from "~/features/exchange/stock";
import { LISTING_STATUS_LABELS } from "~/features/exchange/vocabulary";
import { timeAgo } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/marketplace-mine";
import { Spaced } from "~/components/spaced";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "My listings · Marketplace") }];

const PAGE_SIZE = 50;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const requested = Number(url.searchParams.get("page") ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1000 ? requested : 1;
  const { listings, total } = await listingsOf(user, user.id, { open: false, page, limit: PAGE_SIZE });
  return { listings, total, page, now: Date.now() };
}

const STATUS_COLOURS = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  paused: "bg-amber-50 text-amber-900 ring-amber-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
} as const;

export default function MyListings({ loaderData }: Route.ComponentProps) {
  const { listings, total, page, now } = loaderData;
  return (
    <section aria-labelledby="my-listings-title" className="mx-auto max-w-4xl space-y-5">
      <Link to="/app/marketplace" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the marketplace
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-listings-title" className="text-2xl font-bold text-slate-900">
          My listings
        </h2>
        <Link
          to="/app/marketplace/new"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Plus aria-hidden className="size-4" /> List something
        </Link>
      </div>
      <p className="text-sm text-slate-600">{countOf(total, "listing")}, every status.</p>
      {listings.length ? (
        <ul className="space-y-3" aria-label="My listings">
          {listings.map((listing) => (
            <li key={listing.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 break-words wrap-anywhere">
                  <h3 className="font-semibold text-slate-900">
                    <Link to={`/app/marketplace/${listing.id}`} className="hover:text-brand-700 hover:underline">
                      {listing.title}
                    </Link>
                  </h3>
                  <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
                    <Spaced>
                      <span
                        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_COLOURS[listing.status]}`}
                      >
                        {LISTING_STATUS_LABELS[listing.status]}
                      </span>
                      <KindBadge kind={listing.kind} />
                      {listing.quantity_left <= 0 ? <SoldOutBadge /> : null}
                      <HiddenMark hidden={listing.is_hidden} own />
                    </Spaced>
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    {formatQuantity(listing.quantity_left, listing.unit)} left of {formatQuantity(listing.quantity, listing.unit)}{" "}
                    · Listed {timeAgo(listing.created_at, now)}
                  </p>
                </div>
                <ListingPrice listing={listing} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">You have not listed anything yet</p>
          <Link to="/app/marketplace/new" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            List something
          </Link>
        </div>
      )}
      {page * PAGE_SIZE < total ? (
        <Link to={`/app/marketplace/mine?page=${page + 1}`} className="inline-block font-semibold text-brand-700 hover:underline">
          Next page
        </Link>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]} />;
}
