import { getPublicListing, publicListingStamps } from "./store/listings.server";
import { searchListings } from "./store/listing-search.server";
import type { ListingSearch } from "./schemas";
import type { SearchDistance } from "./listing-distance.server";
import type { ListingView, PublicListingCardView, PublicListingView } from "./wire";

/**
 * The marketplace as a visitor who is not signed in reads it: the public pages, /api/public/listings
 * and the sitemap. Which listings are public is access.server's publicListingConditions; this
 * module decides what of each is shown: the listing, its photos, price and town, and the seller's
 * display name and rating. Never an e-mail, a phone number, an organisation or a member id.
 */

/**
 * Public answers are the same for everyone: a shared cache may keep one a minute, so a listing
 * paused, hidden or sold leaves caches within the minute.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";

/** A full UK postcode ("LS1 4AP"): a handful of addresses. Its district ("LS1") is a town's part. */
const FULL_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\b/gi;

/**
 * The listing's location as the public pages show it. The form asks for a town or region and says
 * it is public; a full postcode written there anyway is cut to its district, so a stranger is never
 * shown where a seller's yard is to the street.
 */
export const publicTown = (location: string) => location.replace(FULL_POSTCODE, (_, district: string) => district.toUpperCase());

export function toPublicListing(listing: ListingView): PublicListingView {
  const { status: _status, is_sample: _sample, is_hidden: _hidden, seller, location, ...rest } = listing;
  // Only the fields of a listing: a card's distance is added by the search.
  delete (rest as { distance_km?: unknown }).distance_km;
  return {
    ...rest,
    location: publicTown(location),
    seller: { username: seller.username, rating: seller.rating, reviews_count: seller.reviews_count },
  };
}

/**
 * The public marketplace's search: the members' search with the same filters, over public
 * listings only. A distance is from `near` only; a listing's is from its district or town, as
 * its public location is.
 */
export async function searchPublicListings(query: ListingSearch, distance: SearchDistance | null = null) {
  const found = await searchListings(null, query, distance);
  const listings: PublicListingCardView[] = found.listings.map((listing) => ({
    ...toPublicListing(listing),
    distance_km: listing.distance_km,
  }));
  return { ...found, listings };
}

/** One public listing; null when it does not exist or is not public (answered alike). */
export async function publicListing(id: number): Promise<PublicListingView | null> {
  const listing = await getPublicListing(id);
  return listing && toPublicListing(listing);
}

/** The sitemap's limit is 50,000 addresses a file; the newest listings go first. */
const MAX_SITEMAP_LISTINGS = 45_000;

/** Each public listing's page and when it last changed, for the sitemap. */
export async function publicListingPages(): Promise<{ path: string; updatedAt: Date }[]> {
  const stamps = await publicListingStamps(MAX_SITEMAP_LISTINGS);
  return stamps.map(({ id, updatedAt }) => ({ path: `/marketplace/${id}`, updatedAt: new Date(updatedAt) }));
}
