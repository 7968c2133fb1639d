import { ChevronRight, ShoppingCart } from "~/components/icons";
import { ListingGallery } from "./listing-gallery";
import { Link } from "~/lib/link";
import { KindBadge, ListingFacts, ListingPrice, SellerRating, SoldOutBadge } from "~/components/marketplace/listing-parts";
import { Spaced } from "~/components/spaced";
import { listingCategoryLabel } from "~/features/exchange/vocabulary";
import type { PublicListingView } from "~/features/exchange/wire";
import { WasteDetails } from "./waste-details";

/**
 * One listing as a visitor reads it: its pictures, price, facts, town, waste details and the
 * seller's name and rating; where a member has the order buttons, "Sign in to order".
 */
export function PublicListingPage({ listing, image, now }: { listing: PublicListingView; image: number; now: number }) {
  const here = `/marketplace/${listing.id}`;
  const pictures = listing.photos.map((photo) => photo.url);
  const soldOut = listing.quantity_left <= 0;
  const signIn = `/auth/login?redirectTo=${encodeURIComponent(`/app/marketplace/${listing.id}`)}`;
  return (
    <article aria-labelledby="listing-title">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li className="flex items-center gap-1">
            <Link to="/marketplace" className="hover:text-brand-700 hover:underline">
              Marketplace
            </Link>
            <ChevronRight aria-hidden className="size-4" />
          </li>
          <li className="flex items-center gap-1">
            <Link to={`/marketplace?category=${listing.category}`} className="hover:text-brand-700 hover:underline">
              {listingCategoryLabel(listing.category)}
            </Link>
            <ChevronRight aria-hidden className="size-4" />
          </li>
          <li aria-current="page" className="min-w-0 font-medium text-slate-900 wrap-anywhere">
            {listing.title}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <ListingGallery title={listing.title} pictures={pictures} here={here} image={image} />

        <div className="min-w-0 space-y-4 break-words wrap-anywhere">
          <div className="flex flex-wrap items-center gap-1.5">
            <Spaced>
              <KindBadge kind={listing.kind} />
              {soldOut ? <SoldOutBadge /> : null}
            </Spaced>
          </div>
          <h1 id="listing-title" className="text-3xl font-bold text-slate-900">
            {listing.title}
          </h1>
          <ListingPrice listing={listing} large />
          <p className="whitespace-pre-line text-slate-700">{listing.description}</p>
          <ListingFacts listing={listing} locationTerm="Town" now={now} />
          <WasteDetails listing={listing} />
          <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-500">{listing.kind === "wanted" ? "Wanted by" : "Offered by"}</p>
            <p className="font-semibold text-slate-900" data-testid="seller-name">
              {listing.seller.username}
            </p>
            <SellerRating seller={listing.seller} />
          </div>
          {soldOut ? (
            <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">Sold out: nothing is left of this listing.</p>
          ) : (
            <div className="space-y-2">
              <Link
                to={signIn}
                className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
              >
                <ShoppingCart aria-hidden className="size-5" /> Sign in to order
              </Link>
              <p className="text-sm text-slate-500">
                New here?{" "}
                <Link to="/auth/register" className="font-semibold text-brand-700 hover:underline">
                  Create a free account
                </Link>{" "}
                to {listing.kind === "wanted" ? "make an offer" : "order"} from members.
              </p>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
