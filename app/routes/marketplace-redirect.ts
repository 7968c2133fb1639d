import { redirect } from "react-router";
import { sampleListingIdOf } from "~/features/exchange/store/listings.server";
import type { Route } from "./+types/marketplace-redirect";

/**
 * Product cards of the original client linked to /marketplace/<product id>. Each product of the
 * sample catalogue is now shown as a sample listing: the link leads to it, and an id that names
 * no product goes on to the listing page, which says so.
 */
export const loader = async ({ params }: Route.LoaderArgs) => {
  const productId = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null;
  const listingId = productId === null ? null : await sampleListingIdOf(productId);
  return redirect(`/app/marketplace/${encodeURIComponent(listingId ?? params.id)}`, 301);
};
