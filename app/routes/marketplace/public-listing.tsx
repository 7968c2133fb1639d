import { data, redirect } from "react-router";
import { PublicListingPage } from "~/components/marketplace/public-listing-page";
import { PublicShell } from "~/components/marketplace/public-shell";
import { RouteError } from "~/components/route-error";
import { publicListing } from "~/features/exchange/public-listings.server";
import { pathId } from "~/lib/path-id";
import { getEnv } from "~/services/env.server";
import { getOptionalUser } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/public-listing";

/** What a shared link's preview shows: the title, the start of the description, the first photo (OpenGraph). */
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData)
    return [
      { title: siteTitle(matches, "Listing not found · Marketplace") },
      { name: "description", content: `This listing is not in the ${siteName(matches)} marketplace.` },
    ];
  const { listing, appUrl } = loaderData;
  const description = `${listing.title} from ${listing.seller.username}${listing.location ? ` in ${listing.location}` : ""}: ${listing.description}`;
  const short = description.length > 200 ? `${description.slice(0, 199).trimEnd()}…` : description;
  const photo = listing.photos[0];
  return [
    { title: siteTitle(matches, `${listing.title} · Marketplace`) },
    { name: "description", content: short },
    { property: "og:type", content: "website" },
    { property: "og:title", content: listing.title },
    { property: "og:description", content: short },
    { property: "og:url", content: `${appUrl}/marketplace/${listing.id}` },
    ...(photo ? [{ property: "og:image", content: `${appUrl}${photo.url}` }] : []),
  ];
};

/** One public listing for visitors; a member goes on to the listing's page in /app, where they can order. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  if (await getOptionalUser(request))
    throw redirect(`/app/marketplace/${encodeURIComponent(params.id)}`, { headers: { "Cache-Control": "private, no-store" } });
  const id = pathId(params.id);
  const listing = id ? await publicListing(id) : null;
  // Paused, closed, hidden and sample listings answer as a missing one.
  if (!listing) throw data({ message: "Listing not found" }, { status: 404 });
  const image = Number(url.searchParams.get("image") ?? 1);
  return {
    listing,
    image: Number.isInteger(image) && image >= 1 && image <= listing.photos.length ? image : 1,
    now: Date.now(),
    appUrl: getEnv().appUrl,
    // Prices are written in the instance's currency (useCurrency).
    currency: getEnv().currency,
  };
}

export default function PublicListingRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PublicShell signInTo={`/app/marketplace/${loaderData.listing.id}`}>
      <PublicListingPage listing={loaderData.listing} image={loaderData.image} now={loaderData.now} />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell signInTo="/app/marketplace">
      <RouteError
        error={error}
        headingLevel={1}
        notFound={{ title: "Listing not found", message: "This listing doesn't exist or isn't open to visitors." }}
        links={[{ to: "/marketplace", label: "Back to the marketplace" }]}
      />
    </PublicShell>
  );
}
