import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { useSite } from "~/components/brand";
import { Link } from "~/lib/link";
import { Money } from "~/components/money";
import { formatQuantity } from "~/features/exchange/stock";
import { HANDOVER_LABELS, orderStateLabel } from "~/features/exchange/vocabulary";
import type { OrderEventView, OrderPageResult, OrderPageView, OrderView } from "~/features/exchange/wire";
import type { OrderNoteRef } from "~/features/transfer-notes/wire";
import { dateTime } from "~/lib/dates";
import { orderLedgerGrams } from "~/features/impact/order-treatment";
import { MemberLink } from "~/components/member-link";
import { MessageForm, MoveForm, ReviewForm, useOrderForm } from "~/components/marketplace/order-forms";

/** Dates on the member's clock (the layout knows their time zone). */
function useTimeZone() {
  const layout = useRouteLoaderData("routes/app/layout") as { timeZone?: string } | undefined;
  return layout?.timeZone ?? "UTC";
}

function eventText(event: OrderEventView, order: OrderView) {
  const noun = order.listing.kind === "wanted" ? "offer" : "request";
  switch (event.action) {
    case "request":
      if (order.listing.kind === "wanted") return "made the offer";
      return event.price_cents !== null ? "sent the request with an offer" : "sent the request";
    case "accept":
      return `accepted the ${noun}`;
    case "counter":
      return "countered the offer";
    case "accept_counter":
      return "accepted the counter";
    case "decline":
      return `declined the ${noun}`;
    case "cancel":
      return event.by.id === (order.listing.kind === "wanted" ? order.seller.id : order.buyer.id) &&
        order.history.every((earlier) => earlier.action !== "accept" && earlier.action !== "accept_counter")
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

/** An order as one of its two parties sees it: its details, the other's contact, the moves, history, messages and reviews. */
export function OrderPage({
  page,
  result,
}: {
  page: OrderPageView & { transfer_note: OrderNoteRef };
  result: OrderPageResult | undefined;
}) {
  const { order, party, contact, messages, reviews, transfer, transfer_note: note } = page;
  const timeZone = useTimeZone();
  const site = useSite();
  const otherRole = party === "buyer" ? "seller" : "buyer";
  const mine = reviews.find((review) => review.author.id !== contact.id);
  const theirs = reviews.find((review) => review.author.id === contact.id);
  // The move and review forms go away once they worked (the order moved on, the review shows), so
  // their fetchers live here, where the answer's toast is still heard; focus moves to what changed.
  const moveForm = useOrderForm("move", `move-${order.id}`, result, () => document.getElementById("order-actions")?.focus());
  const reviewForm = useOrderForm("review", `review-${order.id}`, result, () =>
    document.getElementById("order-reviews")?.focus(),
  );
  // An offer the owner countered waits, still requested, on the requester's answer.
  const countered = order.state === "requested" && order.counter_price_cents !== null;
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
        <span className="shrink-0 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800">{orderStateLabel(order)}</span>
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
            {countered ? " (the seller's counter, waiting for the buyer's answer)" : null}
          </Detail>
          {order.offer_price_cents !== null ? (
            <Detail term="Offer per unit">
              <Money cents={order.offer_price_cents} />
            </Detail>
          ) : null}
          {order.counter_price_cents !== null ? (
            <Detail term="Counter per unit">
              <Money cents={order.counter_price_cents} />
            </Detail>
          ) : null}
          <Detail term={order.total_is_estimate ? "Estimated total" : "Total"}>
            <Money cents={order.total_cents} className="font-semibold" free />
            {order.total_is_estimate ? (
              <span className="block text-sm text-slate-500">Settled on the weight both of you confirm at completion.</span>
            ) : null}
          </Detail>
          <Detail term="Handover">{HANDOVER_LABELS[order.handover]}</Detail>
          <Detail term="State">{orderStateLabel(order)}</Detail>
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
          {note ? (
            <Detail term="Waste transfer note">
              <Link to={`/app/transfer-notes/${note.id}`} className="text-brand-700 underline">
                Transfer note {note.number}
              </Link>
            </Detail>
          ) : null}
          {order.message ? <Detail term="Message with the request">{order.message}</Detail> : null}
        </dl>
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Payment happens between the two of you, outside {site.name}: agree on it in the messages below. Prices are per unit as
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
              <MoveForm key={move} order={order} move={move} form={moveForm} transfer={transfer} />
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
              {event.price_cents !== null ? (
                <p className="mt-1 text-sm text-slate-700">
                  Price per unit: <Money cents={event.price_cents} />
                </p>
              ) : null}
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
