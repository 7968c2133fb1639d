import { redirect } from "react-router";
import { Link } from "~/lib/link";
import { ResultsBar } from "~/components/marketplace/results-bar";
import { cardListing, ListingCard } from "~/components/marketplace/listing-parts";
import { MarketplaceFilters, marketplaceHref } from "~/components/marketplace/marketplace-filters";
import { PublicShell } from "~/components/marketplace/public-shell";
import { RouteError } from "~/components/route-error";
import { searchPublicListings } from "~/features/exchange/public-listings.server";
import { marketplacePageSchema, type MarketplacePage } from "~/features/exchange/schemas";
import { marketplacePageSearch } from "~/features/exchange/listing-distance.server";
import { PRODUCTS_PAGE_SIZE } from "~/features/marketplace/marketplace";
import { wasteChapters } from "~/features/waste-codes/codes.server";
import { getEnv } from "~/services/env.server";
import { getOptionalUser } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/public-marketplace";

const description = (site: string) =>
  `Recovered materials, surplus and second-life goods offered, given away and wanted by members of ${site}: browse without an account.`;

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: siteTitle(matches, "Marketplace") },
  { name: "description", content: description(siteName(matches)) },
  { property: "og:type", content: "website" },
  { property: "og:title", content: `${siteTitle(matches)} marketplace` },
  { property: "og:description", content: description(siteName(matches)) },
  ...(data ? [{ property: "og:url", content: `${data.appUrl}/marketplace` }] : []),
];

/** The marketplace for visitors: public listings only (publicListingConditions); a member goes on to theirs. */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (await getOptionalUser(request))
    throw redirect(`/app/marketplace${url.search}`, { headers: { "Cache-Control": "private, no-store" } });
  const query = marketplacePageSchema.parse(Object.fromEntries(url.searchParams));
  const { search, distance, distanceError } = await marketplacePageSearch(null, query, PRODUCTS_PAGE_SIZE);
  const { listings, total } = await searchPublicListings(search, distance);
  const { appUrl, currency } = getEnv();
  return {
    query,
    distanceError,
    listings: listings.map(cardListing),
    total,
    now: Date.now(),
    chapters: wasteChapters(),
    appUrl,
    currency,
  };
}

const listingHref = (query: MarketplacePage, changes: Partial<MarketplacePage>) =>
  marketplaceHref("/marketplace", query, changes);

export default function PublicMarketplace({ loaderData }: Route.ComponentProps) {
  const { query, listings, total, now, chapters, distanceError } = loaderData;
  const list = query.view === "list";
  const firstPictured = listings.find((listing) => listing.photos.length)?.id;
  return (
    <PublicShell signInTo={marketplaceHref("/app/marketplace", query, {})}>
      <section aria-labelledby="marketplace-title" className="space-y-5">
        <div className="min-w-0">
          <h1 id="marketplace-title" className="text-2xl font-bold text-slate-900">
            Marketplace
          </h1>
          <p className="text-sm text-slate-600">
            Materials, surplus and second-life goods offered, given away and wanted by members.{" "}
            <Link to="/auth/register" className="font-semibold text-brand-700 hover:underline">
              Join to order or list
            </Link>
          </p>
        </div>

        <MarketplaceFilters query={query} chapters={chapters} distanceError={distanceError} />

        <ResultsBar
          base="/marketplace"
          query={query}
          shown={listings.length}
          total={total}
          noun="listing"
          distanceError={distanceError}
        />

        {/* The cards' titles are third-level headings, as in the member area under its page title. */}
        <h2 className="sr-only">Listings</h2>
        {listings.length ? (
          <ul className={list ? "space-y-4" : "grid gap-5 sm:grid-cols-2 lg:grid-cols-3"} aria-label="Listings">
            {listings.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} now={now} list={list} eager={listing.id === firstPictured} base="/marketplace" />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
            <p className="text-lg font-semibold text-slate-900">No listings found</p>
            <p className="mt-1 text-slate-600">Try another search, category or filter.</p>
            <Link to="/marketplace" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
              Show all listings
            </Link>
          </div>
        )}

        {listings.length < total ? (
          <Link
            to={listingHref(query, { page: query.page + 1 })}
            preventScrollReset
            className="block rounded-xl bg-white py-3 text-center text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
          >
            Load more listings
          </Link>
        ) : null}
      </section>
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell signInTo="/app/marketplace">
      <RouteError error={error} headingLevel={1} links={[{ to: "/marketplace", label: "Back to the marketplace" }]} />
    </PublicShell>
  );
}
