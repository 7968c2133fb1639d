import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { addToCart } from "~/features/exchange/cart.server";
import { changeListing, getListing } from "~/features/exchange/listings.server";
import { requestOrder } from "~/features/exchange/orders.server";
import { formErrorsOf, fromListingForm, orderRequestSchema } from "~/features/exchange/schemas";
import { formDataObject } from "~/lib/forms";
import { answerForm, answerInPlace } from "~/services/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/marketplace-detail";
import { ListingDetailPage, type EditRefusal } from "~/components/marketplace/listing-page";
import { pathId } from "~/lib/path-id";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.listing.title ?? "Listing not found"} · Marketplace · Circular Hub` },
  {
    name: "description",
    content: loaderData
      ? `${loaderData.listing.title} from ${loaderData.listing.seller.username} in the Circular Hub marketplace.`
      : "This listing is not in the Circular Hub marketplace.",
  },
];

const listingId = pathId;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = listingId(params.id);
  const listing = id ? getListing(user, id) : null;
  if (!listing) throw data({ message: "Listing not found" }, { status: 404 });
  const pictures = listing.sample ? listing.sample.images : listing.photos.map((photo) => photo.url);
  const image = Number(new URL(request.url).searchParams.get("image") ?? 1);
  return {
    listing,
    pictures,
    image: Number.isInteger(image) && image >= 1 && image <= pictures.length ? image : 1,
    own: listing.seller.id === user.id,
    now: Date.now(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = listingId(params.id);
  const here = `/app/marketplace/${params.id}`;
  const fields = formDataObject(form) as Record<string, unknown>;
  const intent = String(fields.intent ?? "");
  if (!id)
    return answerForm(
      form,
      { ok: false, reason: "not-found", message: "This listing does not exist.", errors: {} },
      { returnTo: "/app/marketplace" },
    );

  if (intent === "add" || intent === "buy") {
    const parsed = orderRequestSchema.safeParse({ ...fields, listing_id: id });
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      return answerForm(form, { ok: false, reason: "invalid", message, errors: {} }, { returnTo: here });
    }
    if (intent === "add") return answerForm(form, addToCart(user, id, parsed.data.quantity), { returnTo: here });
    const outcome = requestOrder(user, parsed.data);
    if (!outcome.ok) return answerForm(form, outcome, { returnTo: here });
    return answerForm(form, outcome, { returnTo: `/app/orders/${outcome.order.id}` });
  }

  if (intent === "edit") {
    const values = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const { fields: change, priceError } = fromListingForm(fields);
    const { intent: _intent, returnTo: _returnTo, ...listingChange } = change;
    const outcome = priceError ? null : changeListing(user, id, listingChange);
    if (!outcome || !outcome.ok) {
      const errors = outcome ? formErrorsOf(outcome.errors) : { price: priceError! };
      const refusal: EditRefusal = {
        ok: false,
        intent: "edit",
        reason: outcome?.reason ?? "invalid",
        message: outcome?.message ?? priceError!,
        errors,
        values,
      };
      return answerInPlace(refusal);
    }
    return answerForm(form, { ok: true, message: outcome.message }, { returnTo: here });
  }

  const status = ({ pause: "paused", reopen: "active", close: "closed" } as const)[intent as "pause"];
  if (!status)
    return answerForm(form, { ok: false, reason: "invalid", message: "Choose what to do.", errors: {} }, { returnTo: here });
  const outcome = changeListing(user, id, { status });
  return answerForm(form, outcome.ok ? { ok: true, message: outcome.message } : outcome, { returnTo: here });
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
  const refusal = actionData && !actionData.ok && "intent" in actionData ? (actionData as EditRefusal) : undefined;
  return <ListingDetailPage page={loaderData} refusal={refusal} />;
}
