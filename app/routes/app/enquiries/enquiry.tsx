import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { EnquiryPage } from "~/components/enquiries/enquiry-page";
import { enquiryPageAction, loadEnquiryPage } from "~/features/enquiries/enquiry-pages.server";
import type { EnquiryFormResult } from "~/features/enquiries/wire";
import { NO_SUCH_ENQUIRY } from "~/features/enquiries/enquiries.server";
import { reportedIds } from "~/features/moderation/reports.server";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { pathIdOr404 } from "~/lib/path-id";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/enquiry";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Questions about ${page.page.enquiry.listing.title}`) : siteTitle(matches, "Conversation") },
];

const idOf = (value: string | undefined) => pathIdOr404(value, NO_SUCH_ENQUIRY);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await loadEnquiryPage(user, idOf(params.id));
  if (!page) throw data(NO_SUCH_ENQUIRY, { status: 404 });
  const reported = await reportedIds(
    user.id,
    "enquiry_message",
    page.messages.map((message) => message.id),
  );
  return { page, viewerId: user.id, reported: [...reported] };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = idOf(params.id);
  const form = await request.formData();
  const result = await enquiryPageAction(user, id, form);
  // An order made from the thread leads to the order; a refusal renders the page again with its reason.
  return answerForm(form, result, { returnTo: (result.ok && result.location) || `/app/enquiries/${id}`, failureInPlace: true });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Conversation not found", message: "This conversation doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/enquiries", label: "Back to your conversations" }]}
    />
  );
}

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EnquiryPage
      page={loaderData.page}
      viewerId={loaderData.viewerId}
      reported={loaderData.reported}
      result={actionData as EnquiryFormResult | undefined}
    />
  );
}
