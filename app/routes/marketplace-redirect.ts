import { redirect } from "react-router";
import { sampleListingIdOf } from "~/features/exchange/store/listings.server";
import { pathId } from "~/lib/path-id";
import type { Route } from "./+types/marketplace-redirect";

/**
 * Product cards of the original client linked to /marketplace/<product id>. Each product of the
 * sample catalogue is now shown as a sample listing: the link leads to it, and an id that names
 * no product goes on to the listing page, which says so.
 */
export const loader = async ({ params }: Route.LoaderArgs) => {
  const productId = pathId(params.id);
  const listingId = productId === null ? null : await sampleListingIdOf(productId);
  return redirect(`/app/marketplace/${encodeURIComponent(listingId ?? params.id)}`, 301);
};
