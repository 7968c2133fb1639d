import { resolvePlace } from "~/services/places/gazetteer.server";
import type { Point } from "~/lib/distance";
import { refuse, type FormFailure } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import { memberPoint } from "./store/listing-distance.server";
import { DEFAULT_RADIUS_KM, searchOfPage, type ListingSearch, type MarketplacePage } from "./schemas";

/**
 * Where a marketplace search measures distances from, and how far it looks. `near` (a postcode
 * or a town) is the origin, within `radius_km` (DEFAULT_RADIUS_KM when not given); without it, a
 * signed-in member's own location is, filtering only when they give `radius_km`. The search, its
 * pages and a saved search's match all ask here.
 */

export type SearchDistance = { origin: Point; radiusKm: number | null };

export type SearchDistanceOutcome =
  | { ok: true; distance: SearchDistance | null }
  | FormFailure<{ reason: "invalid"; message: string; field: "near" | "sort" | "radius_km" }>;

const refused = (field: "near" | "sort" | "radius_km", message: string) => ({
  ...refuse("invalid", message, { [field]: message }),
  field,
});

export const placeNotFound = (near: string) => `We could not find "${near}". Give a UK postcode or a town.`;

export async function searchDistance(
  viewer: Viewer | null,
  query: Pick<ListingSearch, "near" | "radius_km"> & { sort?: ListingSearch["sort"] },
): Promise<SearchDistanceOutcome> {
  if (query.near) {
    const place = resolvePlace(query.near);
    if (!place) return refused("near", placeNotFound(query.near));
    return { ok: true, distance: { origin: place, radiusKm: query.radius_km ?? DEFAULT_RADIUS_KM } };
  }
  const own = viewer ? await memberPoint(viewer.id) : null;
  if (own) return { ok: true, distance: { origin: own, radiusKm: query.radius_km ?? null } };
  const asked = query.sort === "distance" ? "sort" : query.radius_km !== undefined ? "radius_km" : null;
  if (!asked) return { ok: true, distance: null };
  const what = asked === "sort" ? "sort by distance" : "search within radius_km";
  const message = viewer
    ? `To ${what}, give near (a UK postcode or a town), or a location we can find in your profile.`
    : `To ${what}, give near (a UK postcode or a town).`;
  return refused(asked, message);
}

/**
 * A marketplace page's search and its distance. A place nobody can find, or a distance sort with
 * nothing to measure from, does not change the results: the page lists them as if it were not
 * asked, and says why beside its field.
 */
export async function marketplacePageSearch(viewer: Viewer | null, page: MarketplacePage, pageSize: number) {
  const search = searchOfPage(page, pageSize);
  const distance = await searchDistance(viewer, search);
  if (distance.ok) return { search, distance: distance.distance, distanceError: null };
  const unmeasured: ListingSearch = {
    ...search,
    near: undefined,
    radius_km: undefined,
    sort: search.sort === "distance" ? "featured" : search.sort,
  };
  return { search: unmeasured, distance: null, distanceError: { field: distance.field, message: distance.message ?? "" } };
}
