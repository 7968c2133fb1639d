import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { ErrorSummary } from "~/components/forms";
import { FieldError } from "~/components/ui/field-error";
import type { EnquiryFormResult } from "~/features/enquiries/wire";
import type { EnquiryPageView } from "~/features/enquiries/wire";
import { formatQuantity } from "~/features/exchange/stock";
import {
  HANDOVER_LABELS,
  MAX_MESSAGE_LENGTH,
  UNIT_LABELS,
  type Handover,
  type ListingUnit,
} from "~/features/exchange/vocabulary";
import { ignoreWhilePending } from "~/lib/forms";

/**
 * The forms of questions before an order. A message in a thread is sent by a fetcher once scripts
 * run (pending button, toast, the thread reloaded); a question from a listing's page and an order
 * from a thread lead elsewhere (the thread, the order), so they navigate, with scripts or
 * without: the server redirects there with a toast, or renders the page again with the errors
 * beside the fields.
 */

const button =
  "rounded-lg px-4 py-2 font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const input =
  "mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500";

function useEnquiryForm(intent: string, key: string, actionData: EnquiryFormResult | undefined, onSuccess?: () => void) {
  const fetcher = useFetcher<EnquiryFormResult>({ key });
  useFormResult(fetcher, (result) => {
    toastResult(result);
    if (result.ok) onSuccess?.();
  });
  const result = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const refused = result && !result.ok ? result : undefined;
  return { fetcher, pending: fetcher.state !== "idle", refused };
}

/** A form that leads elsewhere once it worked: a plain navigation, its refusal the action's data. */
function useLeadingForm(intent: string, actionData: EnquiryFormResult | undefined) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const refused = actionData?.intent === intent && !actionData.ok ? actionData : undefined;
  return { pending, refused };
}

/** A question or a message: one text field. */
export function EnquiryMessageForm({
  action,
  intent,
  label,
  sendLabel,
  actionData,
}: {
  action: string;
  intent: "message" | "ask";
  label: string;
  sendLabel: string;
  actionData: EnquiryFormResult | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const thread = useEnquiryForm(intent, `enquiry-${intent}-${action}`, actionData, () => formRef.current?.reset());
  const leading = useLeadingForm(intent, actionData);
  // A question leads to its thread; a message stays in it.
  const { pending, refused } = intent === "ask" ? leading : thread;
  const FormTag = intent === "ask" ? Form : thread.fetcher.Form;
  const fieldId = `${intent}-body`;
  // Without scripts the server's answer comes back to a refused form: take the reader to it.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.intent === intent && !actionData.ok) notice.current?.scrollIntoView({ block: "center" });
  }, [actionData, intent]);
  return (
    <FormTag ref={formRef} method="post" action={action} onSubmit={ignoreWhilePending(pending)} className="mt-4 space-y-2">
      {intent === "ask" ? <input type="hidden" name="returnTo" value={action} /> : <EnhancedFields returnTo={action} />}
      <input type="hidden" name="intent" value={intent} />
      <div ref={notice}>
        {refused ? (
          <ErrorSummary errors={refused.errors} fieldIds={{ body: fieldId }} message={refused.message} heading="h3" />
        ) : null}
      </div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        name="body"
        rows={3}
        required
        maxLength={MAX_MESSAGE_LENGTH}
        defaultValue={refused?.values.body ?? ""}
        aria-invalid={refused?.errors.body ? true : undefined}
        aria-describedby={refused?.errors.body ? `${fieldId}-error` : undefined}
        className={input}
      />
      <FieldError id={`${fieldId}-error`}>{refused?.errors.body}</FieldError>
      <button type="submit" aria-disabled={pending || undefined} className={primary}>
        {pending ? "Sending…" : sendLabel}
      </button>
    </FormTag>
  );
}

/** The asker turns the thread into an order: quantity and handover, the messages carried over. */
export function OrderFromEnquiryForm({
  action,
  orderable,
  actionData,
}: {
  action: string;
  orderable: NonNullable<EnquiryPageView["orderable"]>;
  actionData: EnquiryFormResult | undefined;
}) {
  const { pending, refused } = useLeadingForm("order", actionData);
  const unit = orderable.unit as ListingUnit;
  const pieces = unit === "piece";
  const wanted = orderable.kind === "wanted";
  return (
    <Form method="post" action={action} onSubmit={ignoreWhilePending(pending)} className="mt-4 space-y-3">
      <input type="hidden" name="returnTo" value={action} />
      <input type="hidden" name="intent" value="order" />
      {refused ? (
        <ErrorSummary
          errors={refused.errors}
          fieldIds={{ quantity: "order-quantity", handover: "order-handover" }}
          message={refused.message}
          heading="h3"
        />
      ) : null}
      <div>
        <label htmlFor="order-quantity" className="block text-sm font-medium text-slate-700">
          Quantity ({UNIT_LABELS[unit].other}; {formatQuantity(orderable.quantity_left, unit)} left)
        </label>
        <input
          id="order-quantity"
          name="quantity"
          type="number"
          inputMode={pieces ? "numeric" : "decimal"}
          min={pieces ? 1 : 0.001}
          step={pieces ? 1 : 0.001}
          max={orderable.quantity_left}
          required
          defaultValue={refused?.values.quantity ?? 1}
          aria-invalid={refused?.errors.quantity ? true : undefined}
          aria-describedby={refused?.errors.quantity ? "order-quantity-error" : undefined}
          className={`${input} max-w-40`}
        />
        <FieldError id="order-quantity-error">{refused?.errors.quantity}</FieldError>
      </div>
      <div>
        <label htmlFor="order-handover" className="block text-sm font-medium text-slate-700">
          Handover
        </label>
        <select
          id="order-handover"
          name="handover"
          defaultValue={refused?.values.handover ?? orderable.handover}
          aria-invalid={refused?.errors.handover ? true : undefined}
          aria-describedby={refused?.errors.handover ? "order-handover-error" : undefined}
          className={`${input} max-w-full sm:max-w-72`}
        >
          {(Object.keys(HANDOVER_LABELS) as Handover[]).map((handover) => (
            <option key={handover} value={handover}>
              {HANDOVER_LABELS[handover]}
            </option>
          ))}
        </select>
        <FieldError id="order-handover-error">{refused?.errors.handover}</FieldError>
      </div>
      <button type="submit" aria-disabled={pending || undefined} className={primary}>
        {pending ? "Sending…" : wanted ? "Make an offer from this conversation" : "Request an order from this conversation"}
      </button>
      <p className="text-sm text-slate-600">The messages above are copied into the order, so you both keep them there.</p>
    </Form>
  );
}
