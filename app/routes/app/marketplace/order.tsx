import { useRef, type ReactNode } from "react";
import { data, Link, useFetcher, useRouteLoaderData } from "react-router";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { Money } from "~/components/money";
import { RouteError } from "~/components/route-error";
import { loadOrderPage, orderPageAction } from "~/features/exchange/order-page.server";
import { formatQuantity } from "~/features/exchange/stock";
import {
  HANDOVER_LABELS,
  MAX_MESSAGE_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REVIEW_LENGTH,
  ORDER_ACTION_LABELS,
  ORDER_STATE_LABELS,
} from "~/features/exchange/vocabulary";
import type { OrderAction } from "~/features/exchange/vocabulary";
import type { OrderEventView, OrderPageResult, OrderView } from "~/features/exchange/wire";
import { dateTime } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm } from "~/services/form-action.server";
import { requireUser } from "~/services/session.server";
import { orderLedgerGrams } from "~/features/impact/order-treatment";
import { DECIMAL_POINT_HINT } from "~/lib/numbers";
import type { Route } from "./+types/order";
import { MemberLink } from "~/components/member-link";
import { ErrorSummary } from "~/components/forms";

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `Order #${page.order.id} · Circular Hub` : "Order · Circular Hub" },
];

const NOT_FOUND = "This order does not exist.";

function orderIdOf(value: string | undefined) {
  const id = /^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(NOT_FOUND, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await loadOrderPage(user, orderIdOf(params.id));
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const orderId = orderIdOf(params.id);
  const form = await request.formData();
  const result = await orderPageAction(user, orderId, form);
  // A refusal renders the page again with the reason beside the form that was sent.
  return answerForm(form, result, { returnTo: `/app/orders/${orderId}`, failureInPlace: true });
}

/** Dates on the member's clock (the layout knows their time zone). */
function useTimeZone() {
  const layout = useRouteLoaderData("routes/app/layout") as { timeZone?: string } | undefined;
  return layout?.timeZone ?? "UTC";
}

/**
 * One form of the page, sent by a fetcher once scripts run (pending button, toast, the page
 * reloaded) and as a plain POST without them. Its result is the fetcher's answer, or, without
 * scripts, the action's data when it answered this form.
 */
function useOrderForm(intent: string, key: string, actionData: OrderPageResult | undefined, onSuccess?: () => void) {
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

function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {children}
    </p>
  );
}

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
  decline: "Declining…",
  cancel: "Cancelling…",
  complete: "Confirming…",
};

type OrderForm = ReturnType<typeof useOrderForm>;

function MoveForm({ order, move, form }: { order: OrderView; move: OrderAction; form: OrderForm }) {
  const here = `/app/orders/${order.id}`;
  const { fetcher, pending, refused: anyRefused } = form;
  // Every move shares the page's one fetcher (one answer at a time); a refusal shows beside the move that was sent.
  const refused = anyRefused?.values.action === move ? anyRefused : undefined;
  const sending = pending && fetcher.formData?.get("action") === move;
  const reasonId = `reason-${move}`;
  const weightId = `weight-${move}`;
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
      <FormNotice refused={refused} fieldIds={{ reason: reasonId, weight_kg: weightId }} />
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
      <button
        type="submit"
        aria-disabled={pending || undefined}
        className={move === "accept" || move === "complete" ? primary : secondary}
      >
        {sending ? PENDING_LABELS[move] : ORDER_ACTION_LABELS[move]}
      </button>
    </fetcher.Form>
  );
}

function eventText(event: OrderEventView, order: OrderView) {
  const noun = order.listing.kind === "wanted" ? "offer" : "request";
  switch (event.action) {
    case "request":
      return order.listing.kind === "wanted" ? "made the offer" : "sent the request";
    case "accept":
      return `accepted the ${noun}`;
    case "decline":
      return `declined the ${noun}`;
    case "cancel":
      return event.by.id === (order.listing.kind === "wanted" ? order.seller.id : order.buyer.id) &&
        order.history.every((earlier) => earlier.action !== "accept")
        ? `withdrew the ${noun}`
        : "cancelled the order";
    case "complete":
      return event.state === "completed" ? "confirmed completion: the order is completed" : "confirmed completion";
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {/* Focus lands here after a form of the section worked and went away. */}
      <h3 id={id} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-slate-900 break-words">{children}</dd>
    </div>
  );
}

function MessageForm({ orderId, actionData }: { orderId: number; actionData: OrderPageResult | undefined }) {
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

function ReviewForm({ orderId, other, form }: { orderId: number; other: string; form: OrderForm }) {
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

function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden className="text-amber-500">
        {"★".repeat(rating)}
        <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">{rating} of 5 stars</span>
    </span>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, party, contact, messages, reviews } = loaderData;
  const timeZone = useTimeZone();
  const result = actionData as OrderPageResult | undefined;
  const otherRole = party === "buyer" ? "seller" : "buyer";
  const mine = reviews.find((review) => review.author.id !== contact.id);
  const theirs = reviews.find((review) => review.author.id === contact.id);
  // The move and review forms go away once they worked (the order moved on, the review shows), so
  // their fetchers live here, where the answer's toast is still heard; focus moves to what changed.
  const moveForm = useOrderForm("move", `move-${order.id}`, result, () => document.getElementById("order-actions")?.focus());
  const reviewForm = useOrderForm("review", `review-${order.id}`, result, () =>
    document.getElementById("order-reviews")?.focus(),
  );
  const confirmed = [order.confirmed_by.buyer ? "the buyer" : null, order.confirmed_by.seller ? "the seller" : null].filter(
    Boolean,
  );

  return (
    <article aria-labelledby="order-title" className="mx-auto max-w-4xl space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/app/orders" className="font-medium text-brand-700 hover:underline">
          My orders
        </Link>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="order-title" className="text-2xl font-bold text-slate-900 break-words">
            Order #{order.id}: {order.listing.title}
          </h2>
          <p className="mt-1 text-slate-600">
            You are the {party} · asked on <time dateTime={order.created_at}>{dateTime(order.created_at, timeZone)}</time>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800">
          {ORDER_STATE_LABELS[order.state]}
        </span>
      </header>

      <Section id="order-details" title="The order">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail term="Listing">
            <Link to={`/app/marketplace/${order.listing.id}`} className="text-brand-700 hover:underline">
              {order.listing.title}
            </Link>
          </Detail>
          <Detail term="Quantity">{formatQuantity(order.quantity, order.listing.unit)}</Detail>
          <Detail term="Price per unit">
            <Money cents={order.unit_price_cents} free />
          </Detail>
          <Detail term="Total">
            <Money cents={order.total_cents} className="font-semibold" free />
          </Detail>
          <Detail term="Handover">{HANDOVER_LABELS[order.handover]}</Detail>
          <Detail term="State">{ORDER_STATE_LABELS[order.state]}</Detail>
          <Detail term="Buyer">
            <MemberLink member={order.buyer} />
          </Detail>
          <Detail term="Seller">
            <MemberLink member={order.seller} />
          </Detail>
          <Detail term="Completion confirmed by">{confirmed.length ? confirmed.join(" and ") : "Nobody yet"}</Detail>
          {order.weight_kg !== null ? (
            <Detail term="Weight that changed hands">{formatQuantity(order.weight_kg, "kg")}</Detail>
          ) : null}
          {order.state === "completed" ? (
            <Detail term="Impact ledger">
              {orderLedgerGrams(order.weight_kg) !== null ? (
                <>
                  Recorded in both parties&rsquo; ledgers.{" "}
                  <Link to="/app/impact" className="text-brand-700 underline">
                    See yours
                  </Link>
                </>
              ) : (
                "No weight the ledger can hold was given, so this order adds nothing to either ledger."
              )}
            </Detail>
          ) : null}
          {order.message ? <Detail term="Message with the request">{order.message}</Detail> : null}
        </dl>
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Payment happens between the two of you, outside Circular Hub: agree on it in the messages below. Prices are per unit as
          they were when the order was asked for.
        </p>
      </Section>

      <Section id="order-contact" title={`Contact the ${otherRole}`}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail term="Name">
            {contact.deleted ? (
              contact.username
            ) : (
              <Link to={`/app/members/${contact.id}`} className="text-brand-700 hover:underline">
                {contact.username}
              </Link>
            )}
          </Detail>
          {contact.shared ? (
            <>
              <Detail term="E-mail">
                <a href={`mailto:${contact.email}`} className="text-brand-700 break-all hover:underline">
                  {contact.email}
                </a>
              </Detail>
              {contact.phone ? <Detail term="Phone">{contact.phone}</Detail> : null}
              {contact.company ? <Detail term="Company">{contact.company}</Detail> : null}
            </>
          ) : null}
        </dl>
        {contact.deleted ? (
          <p className="mt-3 text-sm text-slate-600">They deleted their account: there is no way left to reach them.</p>
        ) : contact.shared ? null : (
          <p className="mt-3 text-sm text-slate-600">
            {`Their e-mail and phone show here once the ${order.listing.kind === "wanted" ? "offer" : "request"} is accepted; until then, write to them in the messages below.`}
          </p>
        )}
      </Section>

      <Section id="order-actions" title="What you can do now">
        {order.state === "accepted" && order.confirmed_by[party] ? (
          <p className="mb-3 text-slate-700">
            You have confirmed completion; the order completes when the {otherRole} confirms too.
          </p>
        ) : null}
        {order.next_actions.length ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {order.next_actions.map((move) => (
              <MoveForm key={move} order={order} move={move} form={moveForm} />
            ))}
          </div>
        ) : (
          <p className="text-slate-600">
            {order.state === "requested" ? `Waiting for the ${otherRole} to answer.` : "Nothing more can happen to this order."}
          </p>
        )}
      </Section>

      <Section id="order-history" title="History">
        <ol className="space-y-3">
          {order.history.map((event, index) => (
            <li key={index} className="border-l-2 border-brand-600 pl-3">
              <p className="text-slate-900 break-words">
                <span className="font-medium">{event.by.username}</span> {eventText(event, order)}
              </p>
              <p className="text-sm text-slate-500">
                <time dateTime={event.at}>{dateTime(event.at, timeZone)}</time>
              </p>
              {event.reason ? <p className="mt-1 text-sm text-slate-700 break-words">Reason: {event.reason}</p> : null}
            </li>
          ))}
        </ol>
      </Section>

      <Section id="order-messages" title="Messages">
        {messages.length ? (
          <ol className="space-y-3">
            {messages.map((message) => (
              <li key={message.id} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="text-sm text-slate-600">
                  <span className="font-medium text-slate-900">{message.author.username}</span> ·{" "}
                  <time dateTime={message.created_at}>{dateTime(message.created_at, timeZone)}</time>
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-900 break-words">{message.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-slate-600">No messages yet. Agree on the handover and the payment here.</p>
        )}
        <MessageForm orderId={order.id} actionData={result} />
      </Section>

      {order.state === "completed" ? (
        <Section id="order-reviews" title="Reviews">
          <div className="space-y-4">
            {mine ? (
              <div>
                <h4 className="font-medium text-slate-900">Your review of {contact.username}</h4>
                <p className="mt-1">
                  <Stars rating={mine.rating} />
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-700 break-words">{mine.text}</p>
              </div>
            ) : (
              <ReviewForm orderId={order.id} other={contact.username} form={reviewForm} />
            )}
            {theirs ? (
              <div>
                <h4 className="font-medium text-slate-900">{contact.username}&apos;s review of you</h4>
                <p className="mt-1">
                  <Stars rating={theirs.rating} />
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-700 break-words">{theirs.text}</p>
              </div>
            ) : null}
          </div>
        </Section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Order not found", message: "This order doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/orders", label: "Back to my orders" }]}
    />
  );
}
