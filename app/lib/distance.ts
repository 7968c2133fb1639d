/**
 * Distances between places on the map: straight lines on a sphere (haversine), in km. Browser-safe:
 * the cards format what the server measured; the database measures with the same formula
 * (features/exchange/store/listing-distance.server.ts), so a listing is as far on its card as in
 * the filter.
 */

export type Point = { lat: number; lng: number };

/** The Earth's mean radius, the sphere every distance here is measured on. */
export const EARTH_RADIUS_KM = 6371;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The straight-line (great-circle) distance between two points, in km. */
export function distanceKm(from: Point, to: Point): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as answers carry it: to 0.1 km under 10 km, whole km from there (a district's centre is no finer). */
export function roundedDistanceKm(km: number): number {
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}

/** A distance as cards show it: "<1 km", "3.4 km", "12 km". */
export function distanceLabel(km: number): string {
  if (km < 1) return "<1 km";
  return `${roundedDistanceKm(km).toLocaleString("en-GB")} km`;
}

/**
 * The latitudes and longitudes within `radiusKm` of `point` lie inside this box (a cheap prefilter on
 * an index before the exact distance). Near the poles the longitudes span everything.
 */
export function boundingBox(point: Point, radiusKm: number) {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosLat = Math.cos(radians(point.lat));
  const dLng = cosLat < 1e-6 ? 180 : Math.min(180, dLat / cosLat);
  return { minLat: point.lat - dLat, maxLat: point.lat + dLat, minLng: point.lng - dLng, maxLng: point.lng + dLng };
}

/** What the gazetteer's licence asks to be shown wherever distances are. */
export const PLACES_ATTRIBUTION =
  "Places: GeoNames (geonames.org, CC BY 4.0); postcode districts contain Royal Mail, ONS and OS data © Crown copyright and database right, under the Open Government Licence v3.0.";
