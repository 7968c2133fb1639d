import { Leaf, ShoppingCart, Star } from "~/components/icons";
import { useFetcher } from "react-router";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { ignoreWhilePending, type FormResult } from "~/lib/forms";

/** A cart form's answer: the cart after the add, or why nothing was added. */
export type CartAnswer = FormResult<{ message: string; cartCount: number; quantity: number }, { message: string }>;

export function Stars({ rating, reviews }: { rating: number; reviews?: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <span className="flex text-amber-400" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
        {Array.from({ length: 5 }, (_, index) => (
          <Star key={index} aria-hidden className={`size-4 ${index < Math.round(rating) ? "fill-current" : "text-slate-300"}`} />
        ))}
      </span>
      <span>{rating.toFixed(1)}</span>
      {reviews !== undefined ? <span className="text-slate-400">({reviews.toLocaleString("en-US")})</span> : null}
    </span>
  );
}

export function SustainabilityBadge({ percent }: { percent: number }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white">
      <Leaf aria-hidden className="size-3.5" /> {percent}% sustainable
    </span>
  );
}

/** A one-click Add to Cart form for a product card. */
export function AddToCartButton({ productId, returnTo, name }: { productId: number; returnTo: string; name: string }) {
  const fetcher = useFetcher<CartAnswer>();
  useFormResult(fetcher, toastResult);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={`/app/marketplace/${productId}`}
      preventScrollReset
      onSubmit={ignoreWhilePending(pending)}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="quantity" value="1" />
      <EnhancedFields returnTo={returnTo} />
      {/* Its name starts with the words it shows (WCAG 2.5.3), then says which product. */}
      <button
        type="submit"
        aria-label={`Add to Cart: ${name}`}
        aria-disabled={pending || undefined}
        className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        <ShoppingCart aria-hidden className="size-4" /> Add to Cart
      </button>
    </fetcher.Form>
  );
}
