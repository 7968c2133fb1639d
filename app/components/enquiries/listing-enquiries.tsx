import { Link } from "~/lib/link";
import type { EnquiryFormResult } from "~/features/enquiries/wire";
import type { EnquiryView } from "~/features/enquiries/wire";
import type { ListingDetail } from "~/features/exchange/wire";
import { EnquiryMessageForm } from "./enquiry-forms";
import { EnquiryList } from "./enquiry-page";

/**
 * Questions on a listing's page: its owner sees a thread per member who asked; anyone else may
 * ask the seller (or goes on with the thread they have) while the listing takes requests.
 */
export function ListingEnquiries({
  listing,
  own,
  enquiries,
  viewerId,
  result,
}: {
  listing: ListingDetail;
  own: boolean;
  enquiries: EnquiryView[];
  viewerId: number;
  result: EnquiryFormResult | undefined;
}) {
  const askable = !own && !listing.is_sample && listing.status === "active";
  if (!own && !askable && !enquiries.length) return null;
  const mine = enquiries[0];
  return (
    <section
      aria-labelledby="listing-questions"
      className="mx-auto mt-6 max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="listing-questions" className="text-lg font-semibold text-slate-900">
        {own ? "Questions from members" : "Ask the seller"}
      </h2>
      {own ? (
        enquiries.length ? (
          <EnquiryList enquiries={enquiries} viewerId={viewerId} showListing={false} />
        ) : (
          <p className="mt-2 text-slate-600">No one has asked about this listing yet.</p>
        )
      ) : mine ? (
        <p className="mt-2 text-slate-700">
          You asked about this listing before: ask more here or{" "}
          <Link to={`/app/enquiries/${mine.id}`} className="text-brand-700 underline">
            go on with the conversation
          </Link>
          .
        </p>
      ) : (
        <p className="mt-2 text-slate-600">
          A question before any order: only you and {listing.seller.username} read it, and you can turn it into an order later.
        </p>
      )}
      {/* Asking again adds to the same thread; the form stays, so its answer still leads there. */}
      {askable ? (
        <EnquiryMessageForm
          action={`/app/marketplace/${listing.id}`}
          intent="ask"
          label="Your question"
          sendLabel="Ask the seller"
          actionData={result}
        />
      ) : null}
    </section>
  );
}
