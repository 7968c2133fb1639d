import { ListingGallery } from "./listing-gallery";
import { ChevronRight, Minus, Plus, ShoppingCart, Zap } from "~/components/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import {
  KindBadge,
  ListingFacts,
  ListingPrice,
  SampleBadge,
  SellerLink,
  SellerRating,
  SoldOutBadge,
} from "~/components/marketplace/listing-parts";
import { Stars, SustainabilityBadge } from "~/components/marketplace/product-parts";
import { HiddenMark } from "~/components/hidden-mark";
import { formatQuantity } from "~/features/exchange/stock";
import { Money } from "~/components/money";
import { billedByWeight, lineTotalCents } from "~/features/exchange/pricing";
import { LISTING_STATUS_LABELS, listingCategoryLabel, UNIT_LABELS } from "~/features/exchange/vocabulary";
import { calendarDate } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { ReportLink } from "~/components/moderation/report-link";
import { Spaced } from "~/components/spaced";
import type { ListingDetail, ListingEditRefusal, OrderFormRefusal } from "~/features/exchange/wire";
import { ErrorSummary } from "~/components/forms";
import { FieldError } from "~/components/ui/field-error";
import type { WasteCodeView } from "~/features/exchange/wire";
import { WasteDetails } from "./waste-details";
import { OwnerPanel } from "./listing-owner-panel";
import type { WasteCodePickerData } from "./waste-listing-fields";

/** The order form's fields by name, as its error summary links to them. */
const ORDER_FIELD_IDS = { quantity: "quantity", offer_price: "offer-price" };

/**
 * Quantity, then Add to Cart and Buy Now (Make an offer on a wanted listing). A refusal for one of
 * its fields comes back as the page again, with JavaScript or without: the summary at the top
 * (focused on load without JavaScript; with it, the first field at fault takes the focus), each
 * message under its field, and what was typed.
 */
function OrderForm({ listing, refused }: { listing: ListingDetail; refused: OrderFormRefusal | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const pieces = listing.unit === "piece";
  const step = pieces ? 1 : 0.001;
  const min = step;
  const max = listing.quantity_left;
  const typedQuantity = refused?.values.quantity?.trim() ? Number(refused.values.quantity) : Number.NaN;
  const firstQuantity = Number.isFinite(typedQuantity) ? typedQuantity : Math.min(1, max);
  const [quantity, setQuantity] = useState(firstQuantity);
  const errors = refused?.errors ?? {};
  const clamp = (value: number) => Math.min(max, Math.max(min, Math.round(value / step) * step));
  const canDecrease = hydrated && quantity > min;
  const canIncrease = hydrated && quantity < max;
  const wanted = listing.kind === "wanted";
  // Only a listing for sale with a price takes an offer below it.
  const offers = listing.kind === "sale" && listing.price_cents > 0;
  return (
    <Form method="post" className="space-y-3" onSubmit={ignoreWhilePending(pendingIntent != null)}>
      {refused ? <ErrorSummary errors={errors} fieldIds={ORDER_FIELD_IDS} message={refused.message} heading="h3" /> : null}
      <div>
        <label htmlFor="quantity" className="text-sm font-medium text-slate-700">
          Quantity ({UNIT_LABELS[listing.unit].other})
        </label>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-label="Decrease quantity"
            // Without JavaScript the stepper cannot work: the number field does it alone.
            disabled={!hydrated}
            aria-disabled={!canDecrease || undefined}
            onClick={() => canDecrease && setQuantity((value) => clamp(value - 1))}
            className="rounded-lg p-2 ring-1 ring-slate-300 disabled:opacity-40 aria-disabled:opacity-40"
          >
            <Minus aria-hidden className="size-4" />
          </button>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode={pieces ? "numeric" : "decimal"}
            min={min}
            max={max}
            step={step}
            value={hydrated ? quantity : undefined}
            defaultValue={hydrated ? undefined : (refused?.values.quantity ?? firstQuantity)}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={errors.quantity ? "quantity-error" : undefined}
            onChange={(event) => setQuantity(Number(event.target.value) || min)}
            onBlur={() => setQuantity((value) => clamp(value))}
            className="w-28 rounded-lg border border-slate-300 px-3 py-2 text-center aria-invalid:border-red-600"
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={!hydrated}
            aria-disabled={!canIncrease || undefined}
            onClick={() => canIncrease && setQuantity((value) => clamp(value + 1))}
            className="rounded-lg p-2 ring-1 ring-slate-300 disabled:opacity-40 aria-disabled:opacity-40"
          >
            <Plus aria-hidden className="size-4" />
          </button>
          <span className="text-sm text-slate-500">{formatQuantity(listing.quantity_left, listing.unit)} left</span>
        </div>
        <FieldError id="quantity-error">{errors.quantity}</FieldError>
        {hydrated && listing.price_cents > 0 ? (
          // The line's total as the quantity changes; kg and t are billed on the weight both confirm.
          <p className="mt-2 text-sm text-slate-700" aria-live="polite">
            {billedByWeight(listing.unit) ? "Estimated total" : "Total"}:{" "}
            <Money cents={lineTotalCents(quantity, listing.price_cents)} className="font-semibold" />
            {billedByWeight(listing.unit) ? " (billed on the weighed weight)" : null}
          </p>
        ) : null}
      </div>
      {offers ? (
        <div>
          <label htmlFor="offer-price" className="text-sm font-medium text-slate-700">
            Your offer per {UNIT_LABELS[listing.unit].one} (optional)
          </label>
          <input
            id="offer-price"
            name="offer_price"
            inputMode="decimal"
            defaultValue={refused?.values.offer_price ?? ""}
            aria-invalid={errors.offer_price ? true : undefined}
            aria-describedby={errors.offer_price ? "offer-price-error offer-price-hint" : "offer-price-hint"}
            className="mt-1 block w-36 rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
          />
          <FieldError id="offer-price-error">{errors.offer_price}</FieldError>
          <p id="offer-price-hint" className="mt-1 text-sm text-slate-500">
            Below the asking price; the seller accepts, declines or counters it. Leave it empty to buy at the asking price.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {wanted ? null : (
          <button
            type="submit"
            name="intent"
            value="add"
            aria-disabled={pendingIntent != null || undefined}
            className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
          >
            <ShoppingCart aria-hidden className="size-5" /> {pendingIntent === "add" ? "Adding…" : "Add to Cart"}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="buy"
          aria-disabled={pendingIntent != null || undefined}
          className="inline-flex items-center gap-2 rounded-xl bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-800 aria-disabled:opacity-60"
        >
          <Zap aria-hidden className="size-5" /> {pendingIntent === "buy" ? "Sending…" : wanted ? "Make an offer" : "Buy Now"}
        </button>
      </div>
      <p className="text-sm text-slate-500">
        {wanted
          ? "Your offer goes to the member who is looking for this; payment and handover are arranged between you."
          : "Buy Now sends a request to the seller; payment and handover are arranged between you once it is accepted."}
      </p>
    </Form>
  );
}

/** What the marketplace loader sends a listing's page: the listing, its pictures, the one shown first, and whether it is the viewer's. */
export type ListingPageData = {
  listing: ListingDetail;
  pictures: string[];
  image: number;
  own: boolean;
  now: number;
  /** The owner's: the waste codes to choose from, and those the edit form starts with. */
  picker: WasteCodePickerData | null;
  editCodes: WasteCodeView[];
  /** A search of codes was made: the edit form is open. */
  searching: boolean;
};

/** One listing: pictures, facts, the seller, and the order form (or, for its owner, the edit form and status buttons). */
export function ListingDetailPage({
  page,
  refusal,
  ordered,
}: {
  page: ListingPageData;
  refusal: ListingEditRefusal | undefined;
  /** The order form's refusal, to show beside its fields. */
  ordered?: OrderFormRefusal;
}) {
  const { listing, pictures, image, own, now } = page;
  const here = `/app/marketplace/${listing.id}`;
  const soldOut = listing.quantity_left <= 0;
  const sample = listing.sample;

  return (
    <article aria-labelledby="listing-title" className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        {/* A list holds only its items: each separator sits inside the item it follows. */}
        <ol className="flex flex-wrap items-center gap-1">
          <li className="flex items-center gap-1">
            <Link to="/app/marketplace" className="hover:text-brand-700 hover:underline">
              Marketplace
            </Link>
            <ChevronRight aria-hidden className="size-4" />
          </li>
          <li className="flex items-center gap-1">
            <Link to={`/app/marketplace?category=${listing.category}`} className="hover:text-brand-700 hover:underline">
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
              {listing.is_sample ? <SampleBadge /> : null}
              {soldOut ? <SoldOutBadge /> : null}
              <HiddenMark hidden={listing.is_hidden} own={own} />
              {listing.status !== "active" ? (
                <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
                  {LISTING_STATUS_LABELS[listing.status]}
                </span>
              ) : null}
              {sample ? <SustainabilityBadge percent={sample.sustainability} /> : null}
            </Spaced>
          </div>
          <h2 id="listing-title" className="text-3xl font-bold text-slate-900">
            {listing.title}
          </h2>
          <ListingPrice listing={listing} large />
          <p className="whitespace-pre-line text-slate-700">{listing.description}</p>
          <ListingFacts listing={listing} locationTerm="Location" now={now} />
          <WasteDetails listing={listing} />
          <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-500">{listing.kind === "wanted" ? "Wanted by" : "Offered by"}</p>
            <p className="font-semibold">
              <SellerLink seller={listing.seller} />
            </p>
            <Link to={`/app/members/${listing.seller.id}#reviews`} className="hover:underline">
              <SellerRating seller={listing.seller} />
            </Link>
            {/* A block of its own: the rating's words and "Report" never run together as one line of text. */}
            <div className="mt-2">
              <ReportLink
                type="listing"
                id={listing.id}
                own={own}
                reported={listing.is_reported}
                back={`/app/marketplace/${listing.id}`}
                name={listing.title}
              />
            </div>
          </div>

          {listing.is_sample ? (
            <p className="rounded-xl bg-amber-50 p-4 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
              This is a sample listing and cannot be ordered.
            </p>
          ) : own ? null : listing.status !== "active" ? (
            <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
              This listing is {LISTING_STATUS_LABELS[listing.status].toLowerCase()} and takes no requests.
            </p>
          ) : soldOut ? (
            <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">Sold out: nothing is left of this listing.</p>
          ) : (
            <OrderForm listing={listing} refused={ordered} />
          )}
        </div>
      </div>

      {own && !listing.is_sample ? (
        <div className="mt-8">
          <OwnerPanel page={page} refusal={refusal} />
        </div>
      ) : null}

      {sample ? (
        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="details-title" className="min-w-0 break-words wrap-anywhere lg:col-span-2">
            <h3 id="details-title" className="text-xl font-semibold text-slate-900">
              Sample listing details
            </h3>
            <p className="mt-2 text-slate-700">{sample.long_description}</p>
            <h4 className="mt-6 text-lg font-semibold text-slate-900">Features</h4>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              {sample.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="reviews-title" className="min-w-0 break-words wrap-anywhere">
            <h3 id="reviews-title" className="text-xl font-semibold text-slate-900">
              Sample reviews
            </h3>
            <p className="mt-1 text-sm text-slate-500">
              Example content that comes with the sample listing, not reviews by members.
            </p>
            <div className="mt-2">
              <Stars rating={sample.rating} reviews={sample.reviews.length} />
            </div>
            <ul className="mt-3 space-y-3">
              {sample.reviews.map((review) => (
                <li key={review.author} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                  <span className="font-semibold text-slate-900">{review.author}</span>
                  <div>
                    <Stars rating={review.rating} />
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{review.text}</p>
                  <p className="mt-1 text-xs text-slate-500">{calendarDate(review.date)}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </article>
  );
}
