import { useRouteLoaderData } from "react-router";
import { Link } from "~/lib/link";
import { ReportLink } from "~/components/moderation/report-link";
import type { EnquiryFormResult } from "~/features/enquiries/wire";
import type { EnquiryPageView, EnquiryView } from "~/features/enquiries/wire";
import { dateTime } from "~/lib/dates";
import { EnquiryMessageForm, OrderFromEnquiryForm } from "./enquiry-forms";

function useTimeZone() {
  const layout = useRouteLoaderData("routes/app/layout") as { timeZone?: string } | undefined;
  return layout?.timeZone ?? "UTC";
}

const section = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";

/** The other member of a thread, as the viewer sees it. */
export const otherMember = (enquiry: EnquiryView, viewerId: number) =>
  enquiry.asker.id === viewerId ? enquiry.owner : enquiry.asker;

/** A thread of questions before an order, as one of its two members sees it. */
export function EnquiryPage({
  page,
  viewerId,
  reported,
  result,
}: {
  page: EnquiryPageView;
  viewerId: number;
  reported: number[];
  result: EnquiryFormResult | undefined;
}) {
  const { enquiry, messages, orderable } = page;
  const timeZone = useTimeZone();
  const here = `/app/enquiries/${enquiry.id}`;
  const other = otherMember(enquiry, viewerId);
  const asking = enquiry.asker.id === viewerId;
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="min-w-0">
        <p className="text-sm text-slate-600">
          <Link to="/app/enquiries" className="text-brand-700 underline">
            Your conversations
          </Link>
        </p>
        <h2 className="mt-1 text-2xl font-bold text-slate-900 break-words">
          {asking ? "Your questions about " : "Questions about your listing "}
          {enquiry.listing.id !== null ? (
            <Link to={`/app/marketplace/${enquiry.listing.id}`} className="text-brand-700 underline">
              {enquiry.listing.title}
            </Link>
          ) : (
            enquiry.listing.title
          )}
        </h2>
        <p className="mt-1 text-slate-700 break-words">With {other.username}</p>
        {enquiry.order_id !== null ? (
          <p className="mt-2 text-slate-700">
            This conversation became{" "}
            <Link to={`/app/orders/${enquiry.order_id}`} className="text-brand-700 underline">
              order #{enquiry.order_id}
            </Link>
            ; its messages were copied there.
          </p>
        ) : null}
      </header>

      <section aria-labelledby="enquiry-messages" className={section}>
        <h3 id="enquiry-messages" className="text-lg font-semibold text-slate-900">
          Messages
        </h3>
        {messages.length ? (
          <ol className="mt-4 space-y-3">
            {messages.map((message) => (
              <li key={message.id} id={`message-${message.id}`} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                  <span className="font-medium text-slate-900 break-all">{message.author.username}</span>
                  <time dateTime={message.created_at}>{dateTime(message.created_at, timeZone)}</time>
                  <ReportLink
                    type="enquiry_message"
                    id={message.id}
                    own={message.author.id === viewerId}
                    reported={reported.includes(message.id)}
                    back={here}
                    name={`message from ${message.author.username}`}
                    className="ml-auto"
                  />
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-900 break-words">{message.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-slate-600">No messages yet.</p>
        )}
        <EnquiryMessageForm action={here} intent="message" label="Your message" sendLabel="Send message" actionData={result} />
      </section>

      {asking && orderable ? (
        <section aria-labelledby="enquiry-order" className={section}>
          <h3 id="enquiry-order" className="text-lg font-semibold text-slate-900">
            Turn this into an order
          </h3>
          <OrderFromEnquiryForm action={here} orderable={orderable} actionData={result} />
        </section>
      ) : null}
    </article>
  );
}

/** A list of threads: the listing, the other member, how many messages, when it last moved. */
export function EnquiryList({
  enquiries,
  viewerId,
  showListing = true,
}: {
  enquiries: EnquiryView[];
  viewerId: number;
  showListing?: boolean;
}) {
  const timeZone = useTimeZone();
  return (
    <ul className="divide-y divide-slate-200">
      {enquiries.map((enquiry) => {
        const other = otherMember(enquiry, viewerId);
        return (
          <li key={enquiry.id} className="min-w-0 py-3">
            <Link to={`/app/enquiries/${enquiry.id}`} className="font-medium text-brand-700 underline break-words">
              {showListing ? `${enquiry.listing.title} · ` : ""}
              {enquiry.asker.id === viewerId ? `you asked ${other.username}` : `${other.username} asked`}
            </Link>
            <p className="text-sm text-slate-600">
              {enquiry.messages} {enquiry.messages === 1 ? "message" : "messages"} · last{" "}
              <time dateTime={enquiry.updated_at}>{dateTime(enquiry.updated_at, timeZone)}</time>
              {enquiry.order_id !== null ? ` · became order #${enquiry.order_id}` : ""}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
