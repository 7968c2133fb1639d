import { Package, Star } from "~/components/icons";
import { distanceLabel } from "~/lib/distance";
import { Link } from "~/lib/link";
import { Money } from "~/components/money";
import { formatQuantity } from "~/features/exchange/stock";
import {
  CONDITION_LABELS,
  HANDOVER_LABELS,
  LISTING_KIND_LABELS,
  listingCategoryLabel,
  MATERIAL_LABELS,
  UNIT_LABELS,
} from "~/features/exchange/vocabulary";
import type { ListingView, PublicListingView, SellerView } from "~/features/exchange/wire";
import { timeAgo } from "~/lib/dates";
import { MemberLink } from "~/components/member-link";
import { Spaced } from "~/components/spaced";

/** The pieces every listing shows wherever it appears: its price, its badges, its seller and its picture. */

/** "Sample listing": seeded catalogue content, marked as such everywhere it shows. */
export function SampleBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      Sample listing
    </span>
  );
}

export function KindBadge({ kind }: { kind: ListingView["kind"] }) {
  const colours = {
    sale: "bg-sky-50 text-sky-900 ring-sky-200",
    free: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    wanted: "bg-violet-50 text-violet-900 ring-violet-200",
  }[kind];
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${colours}`}>
      {LISTING_KIND_LABELS[kind]}
    </span>
  );
}

export function SoldOutBadge() {
  return <span className="inline-flex rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">Sold out</span>;
}

/** The price per unit ("$12.50 / kg", "$349 each"), or "Free"; a wanted listing's price is what its owner offers. */
export function ListingPrice({
  listing,
  large = false,
}: {
  listing: Pick<ListingView, "price_cents" | "unit" | "kind">;
  large?: boolean;
}) {
  const size = large ? "text-3xl" : "text-lg";
  if (listing.kind === "free" || listing.price_cents === 0)
    return <span className={`font-bold text-emerald-700 ${size}`}>Free</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-1">
      <Money cents={listing.price_cents} className={`font-bold text-slate-900 ${size}`} />
      <span className="text-sm text-slate-500">{listing.unit === "piece" ? "each" : `/ ${UNIT_LABELS[listing.unit].one}`}</span>
    </span>
  );
}

/** The seller's rating from the reviews they received, or that there are none yet. */
export function SellerRating({ seller }: { seller: Pick<SellerView, "rating" | "reviews_count"> }) {
  if (seller.rating === null) return <span className="text-sm text-slate-500">No reviews yet</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span>
        <span className="sr-only">Rated </span>
        {seller.rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span className="text-slate-500">
        ({seller.reviews_count.toLocaleString("en-US")} {seller.reviews_count === 1 ? "review" : "reviews"})
      </span>
    </span>
  );
}

export function SellerLink({ seller }: { seller: Pick<SellerView, "id" | "username"> }) {
  return <MemberLink member={seller} className="font-medium text-brand-700 hover:underline" />;
}

/** The first photo, or a plain placeholder for a listing without one. */
export function ListingPicture({
  listing,
  eager = false,
  className = "",
}: {
  listing: Pick<ListingView, "photos">;
  eager?: boolean;
  className?: string;
}) {
  const photo = listing.photos[0];
  if (!photo) {
    return (
      <div className={`flex aspect-[4/3] w-full items-center justify-center bg-slate-100 text-slate-400 ${className}`}>
        <Package aria-hidden className="size-12" />
      </div>
    );
  }
  return (
    <img
      src={photo.url}
      alt=""
      width={600}
      height={450}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      className={`aspect-[4/3] w-full object-cover ${className}`}
    />
  );
}

/**
 * What a card shows of a listing, as members read it or as visitors do (no member id, no sample),
 * and all a page of cards sends the browser of each: a third of a listing's fields, the first photo.
 */
export type CardListing = Pick<
  PublicListingView,
  "id" | "kind" | "title" | "description" | "category" | "quantity_left" | "unit" | "price_cents" | "location" | "created_at"
> & {
  photos: PublicListingView["photos"];
  is_sample?: boolean;
  /** How far it is from the search's place, when the search measured it. */
  distance_km?: number | null;
  seller: Pick<SellerView, "username" | "rating" | "reviews_count"> & { id?: number };
};

/** A listing cut to what its card shows, for a loader to send instead of the whole listing. */
export function cardListing(listing: CardListing): CardListing {
  const { seller } = listing;
  const card: CardListing = {
    id: listing.id,
    kind: listing.kind,
    title: listing.title,
    description: listing.description,
    category: listing.category,
    quantity_left: listing.quantity_left,
    unit: listing.unit,
    price_cents: listing.price_cents,
    location: listing.location,
    created_at: listing.created_at,
    photos: listing.photos.slice(0, 1),
    seller: { username: seller.username, rating: seller.rating, reviews_count: seller.reviews_count },
  };
  if (listing.is_sample !== undefined) card.is_sample = listing.is_sample;
  if (listing.distance_km !== undefined) card.distance_km = listing.distance_km;
  if (seller.id !== undefined) card.seller.id = seller.id;
  return card;
}

/** The seller's name: a link to their page for members; plain text for visitors, who have no member pages. */
function SellerName({ seller }: { seller: CardListing["seller"] }) {
  if (seller.id === undefined) return <span className="font-medium text-slate-900">{seller.username}</span>;
  return <SellerLink seller={{ id: seller.id, username: seller.username }} />;
}

/** A listing in the marketplace's grid or list; `base` is the marketplace its title links into. */
export function ListingCard({
  listing,
  now,
  list = false,
  eager = false,
  base = "/app/marketplace",
  children,
}: {
  listing: CardListing;
  now: number;
  list?: boolean;
  eager?: boolean;
  base?: "/app/marketplace" | "/marketplace";
  children?: React.ReactNode;
}) {
  const soldOut = listing.quantity_left <= 0;
  return (
    <article
      aria-labelledby={`listing-${listing.id}`}
      className={`flex h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${list ? "flex-col sm:flex-row" : "flex-col"}`}
    >
      <div className={`relative shrink-0 bg-slate-100 ${list ? "sm:w-64" : ""}`}>
        <ListingPicture listing={listing} eager={eager} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4 break-words wrap-anywhere">
        <div className="flex flex-wrap items-center gap-1.5">
          <Spaced>
            <KindBadge kind={listing.kind} />
            {listing.is_sample ? <SampleBadge /> : null}
            {soldOut ? <SoldOutBadge /> : null}
          </Spaced>
        </div>
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{listingCategoryLabel(listing.category)}</p>
        <h3 id={`listing-${listing.id}`} className="font-semibold text-slate-900">
          <Link to={`${base}/${listing.id}`} className="hover:text-brand-700 hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className={`text-sm text-slate-600 ${list ? "" : "line-clamp-2"}`}>{listing.description}</p>
        <p className="text-sm text-slate-600">
          by <SellerName seller={listing.seller} />
        </p>
        <SellerRating seller={listing.seller} />
        <p className="text-xs text-slate-500">
          {soldOut ? "None left" : `${formatQuantity(listing.quantity_left, listing.unit)} left`}
          {listing.location ? ` · ${listing.location}` : ""}
          {listing.distance_km != null ? (
            <>
              {" · "}
              <span title="In a straight line">{distanceLabel(listing.distance_km)}</span>
            </>
          ) : null}{" "}
          · <span>Listed {timeAgo(listing.created_at, now)}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <ListingPrice listing={listing} />
          {children}
        </div>
      </div>
    </article>
  );
}

export function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

type FactsOf = Pick<
  PublicListingView,
  "quantity_left" | "quantity" | "unit" | "condition" | "material" | "weight_per_unit_kg" | "handover" | "location" | "created_at"
>;

/**
 * A listing's facts on its page, the member's and the visitor's alike. A visitor is shown the
 * listing's town only, so the public page names the place "Town".
 */
export function ListingFacts({ listing, locationTerm, now }: { listing: FactsOf; locationTerm: string; now: number }) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <Fact term="Quantity left">
        {listing.quantity_left <= 0 ? "Sold out" : formatQuantity(listing.quantity_left, listing.unit)} of{" "}
        {formatQuantity(listing.quantity, listing.unit)}
      </Fact>
      <Fact term="Condition">{CONDITION_LABELS[listing.condition]}</Fact>
      <Fact term="Material">{MATERIAL_LABELS[listing.material]}</Fact>
      {listing.weight_per_unit_kg !== null ? (
        <Fact term="Weight per piece">{listing.weight_per_unit_kg.toLocaleString("en-US")} kg</Fact>
      ) : null}
      <Fact term="Handover">{HANDOVER_LABELS[listing.handover]}</Fact>
      <Fact term={locationTerm}>{listing.location || "Not given"}</Fact>
      <Fact term="Listed">{timeAgo(listing.created_at, now)}</Fact>
    </dl>
  );
}
