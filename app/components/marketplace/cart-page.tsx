import { ShoppingCart, Trash2, TriangleAlert } from "~/components/icons";
import { Form, useFetcher, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { OrganisationNeeded } from "./organisation-needed";
import { useEffect, useRef } from "react";
import { EnhancedFields, toastResult } from "~/components/enhanced-form";
import { ErrorSummary, FormAlert, SelectField, TextAreaField } from "~/components/forms";
import { Money } from "~/components/money";
import { formatQuantity } from "~/features/exchange/stock";
import { HANDOVER_LABELS, HANDOVERS, MAX_MESSAGE_LENGTH, UNIT_LABELS } from "~/features/exchange/vocabulary";
import type { CartItemView, CartLineAnswer, CartView, CheckoutAnswer } from "~/features/exchange/wire";
import { ignoreWhilePending } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { MemberLink } from "~/components/member-link";

const HERE = "/app/cart";

function LineForms({ item }: { item: CartItemView }) {
  const fetcher = useFetcher<CartLineAnswer>({ key: `cart-line-${item.listing.id}` });
  // Told as soon as the answer arrives, not when the fetcher is idle again: by then a removed
  // line has left the page, and this component with it.
  const told = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === undefined || fetcher.data === told.current || fetcher.state === "submitting") return;
    told.current = fetcher.data;
    toastResult(fetcher.data);
  }, [fetcher.data, fetcher.state]);
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const { listing } = item;
  const inputId = `quantity-${listing.id}`;
  const unit = UNIT_LABELS[listing.unit].other;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <fetcher.Form method="post" className="flex items-end gap-2" onSubmit={ignoreWhilePending(Boolean(pendingIntent))}>
        <EnhancedFields returnTo={HERE} />
        <input type="hidden" name="listing_id" value={listing.id} />
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Quantity <span className="sr-only">of {listing.title}</span> ({unit})
          </label>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode={listing.unit === "piece" ? "numeric" : "decimal"}
            min={0}
            step={listing.unit === "piece" ? 1 : 0.001}
            defaultValue={item.quantity}
            // A new quantity from the server (after a change elsewhere) replaces what the field shows.
            key={item.quantity}
            required
            className="mt-1 w-28 rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="quantity"
          aria-disabled={pendingIntent ? true : undefined}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {pendingIntent === "quantity" ? "Updating…" : "Update"}
          <span className="sr-only"> the quantity of {listing.title}</span>
        </button>
        <button
          type="submit"
          name="intent"
          value="remove"
          // Removing needs no valid quantity in the field.
          formNoValidate
          aria-disabled={pendingIntent ? true : undefined}
          className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <Trash2 aria-hidden className="size-4" />
          {pendingIntent === "remove" ? "Removing…" : "Remove"}
          <span className="sr-only"> {listing.title}</span>
        </button>
      </fetcher.Form>
    </div>
  );
}

function CartLine({ item }: { item: CartItemView }) {
  const { listing } = item;
  return (
    <li className="flex min-w-0 flex-col gap-3 py-4 sm:flex-row">
      {listing.photo ? (
        <img src={listing.photo.url} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2 wrap-anywhere">
        <h4 className="font-semibold text-slate-900">
          <Link to={`/app/marketplace/${listing.id}`} className="hover:text-brand-700 hover:underline">
            {listing.title}
          </Link>
        </h4>
        <p className="text-sm text-slate-600">
          {listing.price_cents === 0 ? "Free" : <Money cents={listing.price_cents} />}
          {listing.price_cents === 0 ? null : ` per ${UNIT_LABELS[listing.unit].one}`} ·{" "}
          {formatQuantity(listing.quantity_left, listing.unit)} left
        </p>
        {item.problem ? (
          <p className="flex items-start gap-1.5 text-sm font-medium text-amber-800">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{item.problem}</span>
          </p>
        ) : null}
        <LineForms item={item} />
      </div>
      <p className="shrink-0 text-right font-semibold text-slate-900 sm:w-32">
        <span className="sr-only">{item.total_is_estimate ? "Estimated line total: " : "Line total: "}</span>
        <Money cents={item.total_cents} free />
        {item.total_is_estimate ? (
          <span className="block text-xs font-normal text-slate-500">Estimate: billed on the weighed weight</span>
        ) : null}
      </p>
    </li>
  );
}

function Checkout({ answer, blocked }: { answer: CheckoutAnswer | undefined; blocked: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section aria-labelledby="checkout-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 id="checkout-title" className="text-lg font-semibold text-slate-900">
        Send your requests
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Each listing becomes a request to its seller. Nothing is reserved or paid now: the seller accepts or declines, and payment
        happens between you and the seller.
      </p>
      <Form
        method="post"
        className="mt-4 space-y-4"
        onSubmit={ignoreWhilePending(pending)}
        // A refused checkout renders the form again with what was sent.
        key={refused ? JSON.stringify(refused.values ?? {}) : "checkout"}
      >
        {refused ? (
          <ErrorSummary
            errors={refused.errors}
            message={refused.message}
            fieldIds={{ message: "checkout-message", handover: "checkout-handover" }}
            heading="h4"
          />
        ) : null}
        <OrganisationNeeded message={refused?.message} />
        <TextAreaField
          label="Message to the sellers (optional)"
          error={refused?.errors.message}
          textareaProps={{
            id: "checkout-message",
            name: "message",
            rows: 3,
            maxLength: MAX_MESSAGE_LENGTH,
            defaultValue: refused?.values?.message ?? "",
          }}
        />
        <SelectField
          label="How it changes hands"
          error={refused?.errors.handover}
          options={[
            { value: "", label: "As each listing says" },
            ...HANDOVERS.map((value) => ({ value, label: HANDOVER_LABELS[value] })),
          ]}
          selectProps={{ id: "checkout-handover", name: "handover", defaultValue: refused?.values?.handover ?? "" }}
        />
        {blocked ? (
          <p className="text-sm text-amber-800">Some lines cannot be requested as they are: change or remove them first.</p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="checkout"
          aria-disabled={pending || undefined}
          className="w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          {pending ? "Sending requests…" : "Send requests"}
        </button>
      </Form>
    </section>
  );
}

/** The member's cart: its lines with their quantities and problems, then the checkout form. */
export function CartPage({ cart, answer }: { cart: CartView; answer: CheckoutAnswer | undefined }) {
  const blocked = cart.items.some((item) => item.problem !== null);
  return (
    <section aria-labelledby="cart-title" className="mx-auto max-w-4xl space-y-5">
      <div>
        <Link to="/app/marketplace" className="text-sm font-medium text-brand-700 hover:underline">
          Back to the marketplace
        </Link>
        <h2 id="cart-title" className="mt-2 flex items-center gap-2 text-2xl font-bold text-slate-900">
          <ShoppingCart aria-hidden className="size-6" /> Your cart
        </h2>
      </div>

      {cart.items.length === 0 ? (
        <div className="space-y-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          {/* A checkout sent from a page opened before the cart was emptied elsewhere. */}
          {answer && !answer.ok ? <FormAlert>{answer.message}</FormAlert> : null}
          <p className="text-lg font-semibold text-slate-900">Your cart is empty.</p>
          <p className="mt-1 text-slate-600">
            Find materials and products from other members, then send your requests from here.
          </p>
          <Link
            to="/app/marketplace"
            className="inline-block rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Browse the marketplace
          </Link>
        </div>
      ) : (
        <>
          <p className="text-slate-600">
            {countOf(cart.items.length, "listing")} from {countOf(cart.sellers.length, "seller")}.
          </p>
          {cart.sellers.map((group) => (
            <section
              key={group.seller.id}
              aria-labelledby={`seller-${group.seller.id}`}
              className="min-w-0 rounded-2xl bg-white px-5 shadow-sm ring-1 ring-slate-200 sm:px-6"
            >
              <h3 id={`seller-${group.seller.id}`} className="pt-4 text-sm text-slate-600 wrap-anywhere">
                From <MemberLink member={group.seller} className="font-semibold text-brand-700 hover:underline" />
                {group.seller.rating !== null ? (
                  <span>
                    {" "}
                    · {group.seller.rating} of 5 ({countOf(group.seller.reviews_count, "review")})
                  </span>
                ) : null}
              </h3>
              <ul className="divide-y divide-slate-200">
                {group.items.map((item) => (
                  <CartLine key={item.listing.id} item={item} />
                ))}
              </ul>
              <p className="flex justify-between border-t border-slate-200 py-3 text-sm font-semibold text-slate-900">
                <span>Total from {group.seller.username}</span> <Money cents={group.total_cents} free />
              </p>
            </section>
          ))}
          <p className="flex justify-between rounded-2xl bg-brand-50 px-5 py-4 text-lg font-bold text-slate-900 ring-1 ring-brand-100 sm:px-6">
            <span>Total</span>{" "}
            <span data-testid="cart-total">
              <Money cents={cart.total_cents} free />
            </span>
          </p>
          <Checkout answer={answer} blocked={blocked} />
        </>
      )}
    </section>
  );
}
