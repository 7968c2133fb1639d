import { ListChecks, Plus, ShoppingCart } from "~/components/icons";
import { Link } from "~/lib/link";
import { ResultsBar } from "~/components/marketplace/results-bar";
import { cardListing, ListingCard } from "~/components/marketplace/listing-parts";
import { AddToCartButton } from "~/components/marketplace/product-parts";
import { MarketplaceFilters, marketplaceHref } from "~/components/marketplace/marketplace-filters";
import { RouteError } from "~/components/route-error";
import { SaveSearchForm } from "~/components/saved-searches/save-search-form";
import { cartCount } from "~/features/exchange/store/cart.server";
import { searchListings } from "~/features/exchange/store/listing-search.server";
import { marketplacePageSchema, type MarketplacePage } from "~/features/exchange/schemas";
import { marketplacePageSearch } from "~/features/exchange/listing-distance.server";
import { PRODUCTS_PAGE_SIZE } from "~/features/marketplace/marketplace";
import { wordFor } from "~/lib/plural";
import { requireUser } from "~/services/session.server";
import { wasteChapters } from "~/features/waste-codes/codes.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/marketplace";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Marketplace") },
  {
    name: "description",
    content: `Buy, sell, give away and look for recovered materials and second-life goods from members of ${siteName(matches)}.`,
  },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = marketplacePageSchema.parse(Object.fromEntries(url.searchParams));
  const { search, distance, distanceError } = await marketplacePageSearch(user, query, PRODUCTS_PAGE_SIZE);
  const { listings, total } = await searchListings(user, search, distance);
  return {
    query,
    distanceError,
    listings: listings.map(cardListing),
    total,
    viewerId: user.id,
    now: Date.now(),
    cartCount: await cartCount(user),
    chapters: wasteChapters(),
  };
}

const listingHref = (query: MarketplacePage, changes: Partial<MarketplacePage>) =>
  marketplaceHref("/app/marketplace", query, changes);

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { query, listings, total, viewerId, now, cartCount, chapters, distanceError } = loaderData;
  const here = listingHref(query, {});
  const list = query.view === "list";
  const firstPictured = listings.find((listing) => listing.photos.length)?.id;

  return (
    <section aria-labelledby="marketplace-title" className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="marketplace-title" className="text-2xl font-bold text-slate-900">
            Marketplace
          </h2>
          {/* On a phone the results come first: the page's title says enough there. */}
          <p className="hidden text-sm text-slate-600 sm:block">
            Materials, surplus and second-life goods offered, given away and wanted by members.
          </p>
        </div>
      </div>

      <MarketplaceFilters query={query} chapters={chapters} distanceError={distanceError} />

      <div className="flex flex-wrap gap-2">
        <Link
          to="/app/marketplace/mine"
          className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
        >
          {/* Without its icon on a phone, it shares a row with List something. */}
          <ListChecks aria-hidden className="hidden size-4 sm:block" /> My listings
        </Link>
        <Link
          to="/app/marketplace/new"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Plus aria-hidden className="size-4" /> List something
        </Link>
        <Link
          to="/app/cart"
          className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-brand-700"
        >
          <ShoppingCart aria-hidden className="size-4" />
          <span>
            Cart: <span data-testid="cart-count">{cartCount}</span> {wordFor(cartCount, "item")}
          </span>
        </Link>
      </div>

      <ResultsBar
        base="/app/marketplace"
        query={query}
        shown={listings.length}
        total={total}
        noun="product"
        distanceError={distanceError}
      />

      {listings.length ? (
        <ul className={list ? "space-y-4" : "grid gap-5 sm:grid-cols-2 lg:grid-cols-3"} aria-label="Products">
          {listings.map((listing) => {
            // Only what can go in a cart offers the button: a member's active listing, for sale or free, with some left.
            const cartable =
              !listing.is_sample && listing.kind !== "wanted" && listing.seller.id !== viewerId && listing.quantity_left > 0;
            return (
              <li key={listing.id}>
                {/* The first picture is the largest thing on the page: it loads at once; the rest as they near the screen. */}
                <ListingCard listing={listing} now={now} list={list} eager={listing.id === firstPictured}>
                  {cartable ? <AddToCartButton productId={listing.id} returnTo={here} name={listing.title} /> : null}
                </ListingCard>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">No products found</p>
          <p className="mt-1 text-slate-600">Try another search, category or filter.</p>
          <Link to="/app/marketplace" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            Show all products
          </Link>
        </div>
      )}

      {listings.length < total ? (
        <Link
          to={listingHref(query, { page: query.page + 1 })}
          preventScrollReset
          className="block rounded-xl bg-white py-3 text-center text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
        >
          Load More Products
        </Link>
      ) : null}

      {/* Below the results, which come first on a phone: a member saves a search once they saw what it finds. */}
      <SaveSearchForm query={query} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
