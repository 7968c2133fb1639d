import { BadgeCheck, ChevronRight, Minus, Plus, RotateCcw, ShieldCheck, ShoppingCart, Truck, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { Price, Stars, SustainabilityBadge, type CartAnswer } from "~/components/marketplace/product-parts";
import { RouteError } from "~/components/route-error";
import { addToCartSchema, categoryLabel, formatPrice } from "~/features/marketplace/marketplace";
import { getProduct } from "~/features/marketplace/marketplace.server";
import { addToCart, cartCount, quantityInCart } from "~/features/exchange/cart.server";
import { calendarDate } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { answerForm } from "~/services/form-action.server";
import { requireUser } from "~/services/session.server";
import { ignoreWhilePending, invalidInput } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/marketplace-detail";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.product.name ?? "Product not found"} · Marketplace · Circular Hub` },
  {
    name: "description",
    content: loaderData
      ? `${loaderData.product.name} from ${loaderData.product.seller} in the Circular Hub marketplace: price, sustainability, features and reviews.`
      : "This product is not in the Circular Hub marketplace.",
  },
];

function productId(param: string | undefined) {
  const id = /^[1-9]\d{0,9}$/.test(param ?? "") ? Number(param) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = productId(params.id);
  const product = id ? getProduct(id) : null;
  if (!product) throw data({ message: "Product not found" }, { status: 404 });
  const image = Number(new URL(request.url).searchParams.get("image") ?? 1);
  return {
    product,
    inCart: quantityInCart(user, product.id),
    cartCount: cartCount(user),
    image: Number.isInteger(image) && image >= 1 && image <= product.images.length ? image : 1,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = productId(params.id);
  const parsed = addToCartSchema.safeParse(Object.fromEntries(form));
  let answer: CartAnswer;
  if (!id) answer = { ok: false, reason: "not-found", message: "This product does not exist.", errors: {} };
  else if (!parsed.success) answer = { ...invalidInput(parsed.error), message: parsed.error.issues[0]!.message };
  else {
    const outcome = addToCart(user, id, parsed.data.quantity);
    answer = outcome.ok
      ? {
          ok: true,
          cartCount: outcome.cart.items.length,
          quantity: quantityInCart(user, id),
          message:
            parsed.data.intent === "buy"
              ? `Ready to check out: ${countOf(outcome.cart.items.length, "item")} in your cart`
              : outcome.message,
        }
      : outcome;
  }
  // Without JavaScript: back to the marketplace page the form was on, with the answer as a toast.
  const returnTo = safeRedirect(form.get("returnTo"), {
    within: "/app/marketplace",
    fallback: id ? `/app/marketplace/${id}` : "/app/marketplace",
  });
  return answerForm(form, answer, { returnTo });
}

const PERKS = [
  { icon: Truck, title: "Free Shipping", text: "On every order, packed without plastic." },
  { icon: RotateCcw, title: "30-Day Returns", text: "Changed your mind? Send it back." },
  { icon: ShieldCheck, title: "2-Year Warranty", text: "Covered by the seller and by us." },
];

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, inCart, image } = loaderData;
  const hydrated = useHydrated();
  const fetcher = useFetcher<CartAnswer>();
  useFormResult(fetcher, toastResult);
  const [selected, setSelected] = useState(image);
  const [quantity, setQuantity] = useState(1);
  const count = (fetcher.data?.ok ? fetcher.data.cartCount : undefined) ?? loaderData.cartCount;
  const alreadyInCart = fetcher.data?.ok ? fetcher.data.quantity : inCart;
  const room = Math.max(0, product.stockCount - alreadyInCart);
  // After an add, the stepper never offers more than is left.
  useEffect(() => setQuantity((value) => Math.max(1, Math.min(value, room))), [room]);
  const savings = product.originalPriceCents - product.priceCents;
  const pending = fetcher.state !== "idle";
  // At a limit the stepper's buttons say so with aria-disabled and do nothing: `disabled` would
  // drop the keyboard focus to the page body just as the member reaches the limit.
  const canDecrease = hydrated && quantity > 1;
  const canIncrease = hydrated && quantity < room;
  const here = `/app/marketplace/${product.id}`;

  return (
    <article aria-labelledby="product-title" className="mx-auto max-w-6xl">
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
            <Link to={`/app/marketplace?category=${product.category}`} className="hover:text-brand-700 hover:underline">
              {categoryLabel(product.category)}
            </Link>
            <ChevronRight aria-hidden className="size-4" />
          </li>
          <li aria-current="page" className="min-w-0 font-medium text-slate-900 wrap-anywhere">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="min-w-0">
          <div className="overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
            {/* The largest thing on the page: loaded first, never lazily. */}
            {/* "picture 2" says which of the thumbnails is shown, which the image role alone does not. */}
            {/* eslint-disable-next-line jsx-a11y/img-redundant-alt */}
            <img
              src={product.images[selected - 1]}
              alt={`${product.name}, picture ${selected}`}
              width={600}
              height={450}
              fetchPriority="high"
              className="aspect-[4/3] w-full object-cover"
            />
          </div>
          <ul className="mt-3 flex gap-2" aria-label="Pictures">
            {product.images.map((src, index) => (
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
        </div>

        <div className="min-w-0 space-y-4 wrap-anywhere">
          <SustainabilityBadge percent={product.sustainability} />
          <h2 id="product-title" className="text-3xl font-bold text-slate-900">
            {product.name}
          </h2>
          <Stars rating={product.rating} reviews={product.reviewsCount} />
          <div>
            <Price cents={product.priceCents} originalCents={product.originalPriceCents} large />
            {savings > 0 ? (
              <p className="mt-1 text-sm font-semibold text-emerald-700">
                You save {formatPrice(savings)} ({Math.round((savings / product.originalPriceCents) * 100)}%)
              </p>
            ) : null}
          </div>
          <p className="text-slate-700">{product.description}</p>
          <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-500">Sold by</p>
            <p className="flex min-w-0 items-center gap-1 font-semibold text-slate-900">
              <span className="min-w-0">{product.seller}</span>{" "}
              <BadgeCheck aria-label="Verified seller" className="size-4 text-sky-600" />
            </p>
            <Stars rating={product.sellerRating} reviews={product.sellerReviews} />
          </div>

          <fetcher.Form method="post" className="space-y-3" onSubmit={ignoreWhilePending(pending || room === 0)}>
            <EnhancedFields returnTo={here} />
            <div>
              <label htmlFor="quantity" className="text-sm font-medium text-slate-700">
                Quantity
              </label>
              <div className="mt-1 flex items-center gap-2">
                <button
                  type="button"
                  aria-label="Decrease quantity"
                  // Without JavaScript the stepper cannot work: the number field does it alone.
                  disabled={!hydrated}
                  aria-disabled={!canDecrease || undefined}
                  onClick={() => canDecrease && setQuantity((value) => Math.max(1, value - 1))}
                  className="rounded-lg p-2 ring-1 ring-slate-300 disabled:opacity-40 aria-disabled:opacity-40"
                >
                  <Minus aria-hidden className="size-4" />
                </button>
                <input
                  id="quantity"
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={Math.max(1, room)}
                  value={hydrated ? quantity : undefined}
                  defaultValue={hydrated ? undefined : 1}
                  onChange={(event) => setQuantity(Math.min(Math.max(1, Number(event.target.value) || 1), Math.max(1, room)))}
                  className="w-20 rounded-lg border border-slate-300 px-3 py-2 text-center"
                />
                <button
                  type="button"
                  aria-label="Increase quantity"
                  disabled={!hydrated}
                  aria-disabled={!canIncrease || undefined}
                  onClick={() => canIncrease && setQuantity((value) => Math.min(room, value + 1))}
                  className="rounded-lg p-2 ring-1 ring-slate-300 disabled:opacity-40 aria-disabled:opacity-40"
                >
                  <Plus aria-hidden className="size-4" />
                </button>
                <span className="text-sm text-slate-500">{product.stockCount} in stock</span>
              </div>
              <p className="mt-1 text-sm text-slate-500" aria-live="polite">
                In your cart: <span data-testid="in-cart">{alreadyInCart}</span> · Cart total: {countOf(count, "item")}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="add"
                aria-disabled={room === 0 || pending || undefined}
                aria-describedby={room === 0 ? "stock-note" : undefined}
                className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
              >
                <ShoppingCart aria-hidden className="size-5" /> Add to Cart
              </button>
              <button
                type="submit"
                name="intent"
                value="buy"
                aria-disabled={room === 0 || pending || undefined}
                aria-describedby={room === 0 ? "stock-note" : undefined}
                className="inline-flex items-center gap-2 rounded-xl bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-800 aria-disabled:opacity-60"
              >
                <Zap aria-hidden className="size-5" /> Buy Now
              </button>
            </div>
            {room === 0 ? (
              <p id="stock-note" className="text-sm text-amber-700">
                All the stock is already in your cart.
              </p>
            ) : null}
          </fetcher.Form>

          <ul className="grid gap-3 sm:grid-cols-3">
            {PERKS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
                <Icon aria-hidden className="size-5 text-brand-700" />
                <p className="mt-1 text-sm font-semibold text-slate-900">{title}</p>
                <p className="text-xs text-slate-500">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="description-title" className="min-w-0 wrap-anywhere lg:col-span-2">
          <h3 id="description-title" className="text-xl font-semibold text-slate-900">
            Description
          </h3>
          <p className="mt-2 text-slate-700">{product.longDescription}</p>
          <h3 className="mt-6 text-xl font-semibold text-slate-900">Features</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {product.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="reviews-title" className="min-w-0 wrap-anywhere">
          <h3 id="reviews-title" className="text-xl font-semibold text-slate-900">
            Reviews
          </h3>
          <ul className="mt-3 space-y-3">
            {product.reviews.map((review) => (
              <li key={review.author} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{review.author}</span>
                  {review.verified ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                      <BadgeCheck aria-hidden className="size-3.5" /> Verified Purchase
                    </span>
                  ) : null}
                </div>
                <Stars rating={review.rating} />
                <p className="mt-1 text-sm text-slate-700">{review.text}</p>
                <p className="mt-1 text-xs text-slate-400">{calendarDate(review.date)}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Product not found", message: "This product doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]}
    />
  );
}
