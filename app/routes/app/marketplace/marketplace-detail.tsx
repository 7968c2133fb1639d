import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { getListing } from "~/features/exchange/store/listings.server";
import { listingPageAction } from "~/features/exchange/marketplace-pages.server";
import type { ListingEditRefusal, OrderFormRefusal } from "~/features/exchange/wire";
import { formDataObject } from "~/lib/forms";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/marketplace-detail";
import { ListingDetailPage } from "~/components/marketplace/listing-page";
import { pathId } from "~/lib/path-id";
import { needsOrganisation, ORGANISATION_SETTINGS } from "~/components/marketplace/organisation-needed";
import { wasteCodePickerState } from "~/features/waste-codes/codes.server";
import { chosenWasteCodes } from "~/features/exchange/waste-listing.server";
import { listEnquiries } from "~/features/enquiries/enquiries.server";
import { askFormAction } from "~/features/enquiries/enquiry-pages.server";
import type { EnquiryFormResult } from "~/features/enquiries/wire";
import { ListingEnquiries } from "~/components/enquiries/listing-enquiries";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.listing.title ?? "Listing not found"} · Marketplace`) },
  {
    name: "description",
    content: loaderData
      ? `${loaderData.listing.title} from ${loaderData.listing.seller.username} in the ${siteName(matches)} marketplace.`
      : `This listing is not in the ${siteName(matches)} marketplace.`,
  },
];

const listingId = pathId;

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = listingId(params.id);
  const listing = id ? await getListing(user, id) : null;
  if (!listing) throw data({ message: "Listing not found" }, { status: 404 });
  const pictures = listing.sample ? listing.sample.images : listing.photos.map((photo) => photo.url);
  const image = Number(url.searchParams.get("image") ?? 1);
  const own = listing.seller.id === user.id;
  // The owner's edit form finds waste codes with the picker; a search without JavaScript carries the codes chosen.
  const editing = own && !listing.is_sample;
  return {
    listing,
    pictures,
    image: Number.isInteger(image) && image >= 1 && image <= pictures.length ? image : 1,
    own,
    now: Date.now(),
    picker: editing ? wasteCodePickerState(url) : null,
    editCodes: url.searchParams.has("ewc_codes")
      ? chosenWasteCodes(url.searchParams.get("ewc_codes"))
      : (listing.ewc_codes ?? []),
    searching: url.searchParams.has("search"),
    // The owner's threads about it, one per member who asked; anyone else's own thread.
    enquiries: await listEnquiries(user, listing.id),
    viewerId: user.id,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = listingId(params.id);
  const here = `/app/marketplace/${params.id}`;
  if (form.get("intent") === "ask" && id) {
    const asked = await askFormAction(user, id, form);
    // A question sent leads to its thread; a refusal shows beside the question with the words kept.
    return answerForm(form, asked, { returnTo: (asked.ok && asked.location) || here, failureInPlace: true });
  }
  const page = await listingPageAction(user, id, formDataObject(form) as Record<string, unknown>, here);
  if (page.inPlace) return answerInPlace(page.answer, { status: page.status });
  const { answer } = page;
  // An order refused for want of an organisation says where to add it, with and without JavaScript.
  const toast =
    !answer.ok && needsOrganisation(answer.message)
      ? {
          type: "error" as const,
          title: answer.message!,
          action: { label: "Your organisation's details", href: ORGANISATION_SETTINGS },
        }
      : undefined;
  return answerForm(form, answer, { returnTo: page.returnTo, ...(toast ? { toast } : {}) });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Listing not found", message: "This listing doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]}
    />
  );
}

export default function ListingDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const intent = actionData && !actionData.ok && "intent" in actionData ? actionData.intent : undefined;
  const refusal = intent === "edit" ? (actionData as ListingEditRefusal) : undefined;
  const ordered = intent === "add" || intent === "buy" ? (actionData as OrderFormRefusal) : undefined;
  const asked =
    actionData && "intent" in actionData && actionData.intent === "ask" ? (actionData as EnquiryFormResult) : undefined;
  return (
    <>
      <ListingDetailPage page={loaderData} refusal={refusal} ordered={ordered} />
      <ListingEnquiries
        listing={loaderData.listing}
        own={loaderData.own}
        enquiries={loaderData.enquiries}
        viewerId={loaderData.viewerId}
        result={asked}
      />
    </>
  );
}
