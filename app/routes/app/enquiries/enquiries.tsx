import { EnquiryList } from "~/components/enquiries/enquiry-page";
import { listEnquiries } from "~/features/enquiries/enquiries.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/enquiries";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Conversations") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { enquiries: await listEnquiries(user), viewerId: user.id };
}

/** Every thread of questions the member asked or was asked, liveliest first. */
export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { enquiries, viewerId } = loaderData;
  return (
    <section
      aria-labelledby="enquiries-heading"
      className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="enquiries-heading" className="text-2xl font-bold text-slate-900">
        Conversations
      </h2>
      <p className="mt-1 text-slate-600">Questions you asked about listings, and those others asked about yours.</p>
      {enquiries.length ? (
        <EnquiryList enquiries={enquiries} viewerId={viewerId} />
      ) : (
        <p className="mt-4 text-slate-600">No conversations yet. Ask a seller from a listing's page.</p>
      )}
    </section>
  );
}
