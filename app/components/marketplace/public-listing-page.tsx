import { ChevronRight, ShoppingCart } from "~/components/icons";
import { useState } from "react";
import { Link } from "react-router";
import { KindBadge, ListingPrice, SellerRating, SoldOutBadge } from "~/components/marketplace/listing-parts";
import { Fact } from "~/components/marketplace/listing-page";
import { Spaced } from "~/components/spaced";
import { formatQuantity } from "~/features/exchange/stock";
import { CONDITION_LABELS, HANDOVER_LABELS, listingCategoryLabel, MATERIAL_LABELS } from "~/features/exchange/vocabulary";
import type { PublicListingView } from "~/features/exchange/wire";
import { timeAgo } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { WasteDetails } from "./waste-details";

/**
 * One listing as a visitor reads it: its pictures, price, facts, town, waste details and the
 * seller's name and rating; where a member has the order buttons, "Sign in to order".
 */
export function PublicListingPage({ listing, image, now }: { listing: PublicListingView; image: number; now: number }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(image);
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
        <div className="min-w-0">
          <div className="overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
            {pictures.length ? (
              // "picture 2" says which of the thumbnails is shown, which the image role alone does not.
              // eslint-disable-next-line jsx-a11y/img-redundant-alt
              <img
                src={pictures[selected - 1]}
                alt={`${listing.title}, picture ${selected}`}
                width={600}
                height={450}
                fetchPriority="high"
                className="aspect-[4/3] w-full object-cover"
              />
            ) : (
              <p className="flex aspect-[4/3] items-center justify-center text-sm text-slate-700">No photos</p>
            )}
          </div>
          {pictures.length > 1 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Pictures">
              {pictures.map((src, index) => (
                <li key={src}>
                  <Link
                    to={`${here}?image=${index + 1}`}
                    replace
                    preventScrollReset
                    onClick={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      setSelected(index + 1);
                    }}
                    aria-label={`Show picture ${index + 1}`}
                    aria-current={selected === index + 1 ? "true" : undefined}
                    className={`block overflow-hidden rounded-lg ring-2 ${selected === index + 1 ? "ring-brand-600" : "ring-transparent"}`}
                  >
                    <img src={src} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 object-cover" />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

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
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <Fact term="Quantity left">
              {soldOut ? "Sold out" : formatQuantity(listing.quantity_left, listing.unit)} of{" "}
              {formatQuantity(listing.quantity, listing.unit)}
            </Fact>
            <Fact term="Condition">{CONDITION_LABELS[listing.condition]}</Fact>
            <Fact term="Material">{MATERIAL_LABELS[listing.material]}</Fact>
            {listing.weight_per_unit_kg !== null ? (
              <Fact term="Weight per piece">{listing.weight_per_unit_kg.toLocaleString("en-US")} kg</Fact>
            ) : null}
            <Fact term="Handover">{HANDOVER_LABELS[listing.handover]}</Fact>
            <Fact term="Town">{listing.location || "Not given"}</Fact>
            <Fact term="Listed">{timeAgo(listing.created_at, now)}</Fact>
          </dl>
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
