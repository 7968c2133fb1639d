import { LayoutGrid, List, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { AddToCartButton, Price, Stars, SustainabilityBadge } from "~/components/marketplace/product-parts";
import { SearchButton, SearchForm, SearchInput, SearchSelect } from "~/components/search-form";
import { RouteError } from "~/components/route-error";
import {
  categoryLabel,
  marketplaceQuerySchema,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type MarketplaceQuery,
} from "~/features/marketplace/marketplace";
import { listProducts } from "~/features/marketplace/marketplace.server";
import { cartCount } from "~/features/exchange/cart.server";
import { countOf, wordFor } from "~/lib/plural";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/marketplace";

export const meta: Route.MetaFunction = () => [
  { title: "Marketplace · Circular Hub" },
  {
    name: "description",
    content:
      "Search and compare sustainable products and recovered materials from verified sellers in the Circular Hub marketplace.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = marketplaceQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, ...listProducts(query), cartCount: cartCount(user) };
}

function listingHref(query: MarketplaceQuery, changes: Partial<MarketplaceQuery>) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.sort !== "featured") params.set("sort", next.sort);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/app/marketplace${search ? `?${search}` : ""}`;
}

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { query, products, total, cartCount } = loaderData;
  const here = listingHref(query, {});
  const list = query.view === "list";

  return (
    <section aria-labelledby="marketplace-title" className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="marketplace-title" className="text-2xl font-bold text-slate-900">
            Sustainable marketplace
          </h2>
          <p className="text-sm text-slate-600">Refurbished, recycled and upcycled goods from verified sellers.</p>
        </div>
        <Link
          to="/app/cart"
          className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-brand-700"
          aria-live="polite"
        >
          <ShoppingCart aria-hidden className="size-4" />
          <span>
            Cart: <span data-testid="cart-count">{cartCount}</span> {wordFor(cartCount, "item")}
          </span>
        </Link>
      </div>

      <SearchForm label="Products">
        {list ? <input type="hidden" name="view" value="list" /> : null}
        <SearchInput id="product-search" value={query.q} placeholder="Name or description" />
        <SearchSelect
          id="product-category"
          label="Category"
          name="category"
          value={query.category ?? ""}
          options={[{ value: "", label: "All Categories" }, ...PRODUCT_CATEGORIES]}
        />
        <SearchSelect id="product-sort" label="Sort by" name="sort" value={query.sort} options={PRODUCT_SORTS} />
        <SearchButton />
      </SearchForm>

      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" role="status">
          Showing {products.length} of {countOf(total, "product")}
        </p>
        <div className="flex gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200" role="group" aria-label="Layout">
          {(
            [
              ["grid", "Grid view", LayoutGrid],
              ["list", "List view", List],
            ] as const
          ).map(([view, label, Icon]) => (
            <Link
              key={view}
              to={listingHref(query, { view })}
              preventScrollReset
              aria-label={label}
              aria-current={query.view === view ? "true" : undefined}
              className={`rounded-md p-1.5 ${query.view === view ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
            >
              <Icon aria-hidden className="size-5" />
            </Link>
          ))}
        </div>
      </div>

      {products.length ? (
        <ul className={list ? "space-y-4" : "grid gap-5 sm:grid-cols-2 lg:grid-cols-3"} aria-label="Products">
          {products.map((product, index) => (
            <li key={product.id}>
              <article
                aria-labelledby={`product-${product.id}`}
                className={`flex h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${list ? "flex-col sm:flex-row" : "flex-col"}`}
              >
                <div className={`relative shrink-0 bg-slate-100 ${list ? "sm:w-64" : ""}`}>
                  {/* The first picture is the largest thing on the page: it loads at once; the rest as they near the screen. */}
                  <img
                    src={product.image}
                    alt=""
                    width={600}
                    height={450}
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : undefined}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  <span className="absolute top-3 left-3">
                    <SustainabilityBadge percent={product.sustainability} />
                  </span>
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-2 p-4 wrap-anywhere">
                  <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{categoryLabel(product.category)}</p>
                  <h3 id={`product-${product.id}`} className="font-semibold text-slate-900">
                    <Link to={`/app/marketplace/${product.id}`} className="hover:text-brand-700 hover:underline">
                      {product.name}
                    </Link>
                  </h3>
                  <p className={`text-sm text-slate-600 ${list ? "" : "line-clamp-2"}`}>{product.description}</p>
                  <Stars rating={product.rating} reviews={product.reviewsCount} />
                  <p className="text-sm text-slate-500">by {product.seller}</p>
                  <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                    {product.tags.map((tag) => (
                      <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {tag}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
                    <Price cents={product.priceCents} originalCents={product.originalPriceCents} />
                    <AddToCartButton productId={product.id} returnTo={here} name={product.name} />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">No products found</p>
          <p className="mt-1 text-slate-600">Try another search or category.</p>
          <Link to="/app/marketplace" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            Show all products
          </Link>
        </div>
      )}

      {products.length < total ? (
        <Link
          to={listingHref(query, { page: query.page + 1 })}
          preventScrollReset
          className="block rounded-xl bg-white py-3 text-center text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
        >
          Load More Products
        </Link>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
