import { useRef } from "react";
import { useFetcher } from "react-router";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { formatQuantity } from "~/features/exchange/stock";
import {
  MAX_MESSAGE_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REVIEW_LENGTH,
  ORDER_ACTION_LABELS,
  UNIT_LABELS,
} from "~/features/exchange/vocabulary";
import type { OrderAction } from "~/features/exchange/vocabulary";
import type { OrderPageResult, OrderPageView, OrderView } from "~/features/exchange/wire";
import { TRANSFER_FIELD_IDS, TransferFields } from "~/components/marketplace/transfer-fields";
import { ignoreWhilePending } from "~/lib/forms";
import { DECIMAL_POINT_HINT } from "~/lib/numbers";
import { ErrorSummary } from "~/components/forms";
import { FieldError } from "~/components/ui/field-error";

/**
 * One form of the page, sent by a fetcher once scripts run (pending button, toast, the page
 * reloaded) and as a plain POST without them. Its result is the fetcher's answer, or, without
 * scripts, the action's data when it answered this form.
 */
export function useOrderForm(intent: string, key: string, actionData: OrderPageResult | undefined, onSuccess?: () => void) {
  const fetcher = useFetcher<OrderPageResult>({ key });
  useFormResult(fetcher, (result) => {
    toastResult(result);
    if (result.ok) onSuccess?.();
  });
  const result = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const refused = result && !result.ok ? result : undefined;
  return { fetcher, pending: fetcher.state !== "idle", refused };
}

const button =
  "rounded-lg px-4 py-2 font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;

const secondary = `${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;

const input =
  "mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500";

/**
 * A refused form's summary, linking each field's error: the forms sit low on the page, and a
 * reader without JavaScript comes back to it (the server's render focuses it), one with it to the
 * first field that needs a change.
 */
function FormNotice({
  refused,
  fieldIds,
}: {
  refused?: { message?: string; errors: Record<string, string> };
  fieldIds: Record<string, string>;
}) {
  if (!refused) return null;
  return <ErrorSummary errors={refused.errors} fieldIds={fieldIds} message={refused.message} heading="h3" />;
}

const PENDING_LABELS: Record<OrderAction, string> = {
  accept: "Accepting…",
  accept_counter: "Accepting…",
  counter: "Sending counter…",
  decline: "Declining…",
  cancel: "Cancelling…",
  complete: "Confirming…",
};

export type OrderForm = ReturnType<typeof useOrderForm>;

export function MoveForm({
  order,
  move,
  form,
  transfer = null,
}: {
  order: OrderView;
  move: OrderAction;
  form: OrderForm;
  /** A waste order's transfer note parts this party owes; null for any other order. */
  transfer?: OrderPageView["transfer"];
}) {
  const here = `/app/orders/${order.id}`;
  const { fetcher, pending, refused: anyRefused } = form;
  // Every move shares the page's one fetcher (one answer at a time); a refusal shows beside the move that was sent.
  const refused = anyRefused?.values.action === move ? anyRefused : undefined;
  const sending = pending && fetcher.formData?.get("action") === move;
  const reasonId = `reason-${move}`;
  const weightId = `weight-${move}`;
  const priceId = `price-${move}`;
  return (
    <fetcher.Form
      method="post"
      action={here}
      onSubmit={ignoreWhilePending(pending)}
      className="space-y-2 rounded-xl p-4 ring-1 ring-slate-200"
    >
      <EnhancedFields returnTo={here} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="action" value={move} />
      <FormNotice refused={refused} fieldIds={{ reason: reasonId, weight_kg: weightId, price: priceId, ...TRANSFER_FIELD_IDS }} />
      {move === "decline" || move === "cancel" ? (
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
            Reason (optional, the other party sees it)
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={MAX_REASON_LENGTH}
            defaultValue={refused?.values.reason ?? ""}
            aria-invalid={refused?.errors.reason ? true : undefined}
            aria-describedby={refused?.errors.reason ? `${reasonId}-error` : undefined}
            className={input}
          />
          <FieldError id={`${reasonId}-error`}>{refused?.errors.reason}</FieldError>
        </div>
      ) : null}
      {move === "counter" ? (
        <div>
          <label htmlFor={priceId} className="block text-sm font-medium text-slate-700">
            Your price per {UNIT_LABELS[order.listing.unit].one}
          </label>
          <input
            id={priceId}
            name="price"
            inputMode="decimal"
            required
            defaultValue={refused?.values.price ?? ""}
            aria-invalid={refused?.errors.price ? true : undefined}
            aria-describedby={`${priceId}-hint${refused?.errors.price ? ` ${priceId}-error` : ""}`}
            className={`${input} max-w-48`}
          />
          <p id={`${priceId}-hint`} className="mt-1 text-sm text-slate-500">
            Above the offer and at most your asking price. {DECIMAL_POINT_HINT}.
          </p>
          <FieldError id={`${priceId}-error`}>{refused?.errors.price}</FieldError>
        </div>
      ) : null}
      {move === "complete" && (order.confirmed_by.buyer || order.confirmed_by.seller) ? (
        // The other party confirmed first (whoever may still complete has not): their weight, or none, stands.
        <p className="text-sm text-slate-600">
          {order.weight_kg !== null
            ? `The other party recorded a weighed total of ${formatQuantity(order.weight_kg, "kg")}; confirming agrees to it.`
            : "The other party confirmed without a weighed total, so the weight counts from the quantity."}
        </p>
      ) : move === "complete" ? (
        <div>
          <label htmlFor={weightId} className="block text-sm font-medium text-slate-700">
            Weighed total in kg (optional)
          </label>
          <input
            id={weightId}
            name="weight_kg"
            inputMode="decimal"
            defaultValue={refused?.values.weight_kg ?? ""}
            aria-invalid={refused?.errors.weight_kg ? true : undefined}
            aria-describedby={`${weightId}-hint${refused?.errors.weight_kg ? ` ${weightId}-error` : ""}`}
            className={`${input} max-w-48`}
          />
          <p id={`${weightId}-hint`} className="mt-1 text-sm text-slate-500">
            Leave it empty to count it from the quantity. Both impact ledgers record this weight; an order in pieces without a
            weight per piece needs it to count there. {DECIMAL_POINT_HINT}.
          </p>
          <FieldError id={`${weightId}-error`}>{refused?.errors.weight_kg}</FieldError>
        </div>
      ) : null}
      {move === "complete" && transfer ? (
        <TransferFields owes={transfer.owes} hasOrganisation={transfer.has_organisation} refused={refused} />
      ) : null}
      <button
        type="submit"
        aria-disabled={pending || undefined}
        className={move === "accept" || move === "accept_counter" || move === "complete" ? primary : secondary}
      >
        {sending ? PENDING_LABELS[move] : ORDER_ACTION_LABELS[move]}
      </button>
    </fetcher.Form>
  );
}

export function MessageForm({ orderId, actionData }: { orderId: number; actionData: OrderPageResult | undefined }) {
  const here = `/app/orders/${orderId}`;
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, pending, refused } = useOrderForm("message", `message-${orderId}`, actionData, () => formRef.current?.reset());
  return (
    <fetcher.Form ref={formRef} method="post" action={here} onSubmit={ignoreWhilePending(pending)} className="mt-4 space-y-2">
      <EnhancedFields returnTo={here} />
      <input type="hidden" name="intent" value="message" />
      <FormNotice refused={refused} fieldIds={{ body: "message-body" }} />
      <label htmlFor="message-body" className="block text-sm font-medium text-slate-700">
        Your message
      </label>
      <textarea
        id="message-body"
        name="body"
        rows={3}
        required
        maxLength={MAX_MESSAGE_LENGTH}
        defaultValue={refused?.values.body ?? ""}
        aria-invalid={refused?.errors.body ? true : undefined}
        aria-describedby={refused?.errors.body ? "message-body-error" : undefined}
        className={input}
      />
      <FieldError id="message-body-error">{refused?.errors.body}</FieldError>
      <button type="submit" aria-disabled={pending || undefined} className={primary}>
        {pending ? "Sending…" : "Send message"}
      </button>
    </fetcher.Form>
  );
}

export function ReviewForm({ orderId, other, form }: { orderId: number; other: string; form: OrderForm }) {
  const here = `/app/orders/${orderId}`;
  const { fetcher, pending, refused } = form;
  const chosen = refused?.values.rating;
  return (
    <fetcher.Form method="post" action={here} onSubmit={ignoreWhilePending(pending)} className="space-y-3">
      <EnhancedFields returnTo={here} />
      <input type="hidden" name="intent" value="review" />
      <FormNotice refused={refused} fieldIds={{ rating: "review-rating-1", text: "review-text" }} />
      <fieldset aria-describedby={refused?.errors.rating ? "review-rating-error" : undefined}>
        <legend className="text-sm font-medium text-slate-700">Your rating of {other}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-brand-600"
            >
              <input
                type="radio"
                name="rating"
                value={stars}
                defaultChecked={chosen === String(stars)}
                className="accent-brand-600"
                id={`review-rating-${stars}`}
              />
              <span aria-hidden>{"★".repeat(stars)}</span>
              <span className="sr-only">
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error">{refused?.errors.rating}</FieldError>
      </fieldset>
      <div>
        <label htmlFor="review-text" className="block text-sm font-medium text-slate-700">
          How did the exchange go?
        </label>
        <textarea
          id="review-text"
          name="text"
          rows={3}
          maxLength={MAX_REVIEW_LENGTH}
          defaultValue={refused?.values.text ?? ""}
          aria-invalid={refused?.errors.text ? true : undefined}
          aria-describedby={refused?.errors.text ? "review-text-error" : undefined}
          className={input}
        />
        <FieldError id="review-text-error">{refused?.errors.text}</FieldError>
      </div>
      <button type="submit" aria-disabled={pending || undefined} className={primary}>
        {pending ? "Publishing…" : "Publish review"}
      </button>
    </fetcher.Form>
  );
}
