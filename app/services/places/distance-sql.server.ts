import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { boundingBox, EARTH_RADIUS_KM, type Point } from "~/lib/distance";

/**
 * The distance rule in SQL (SQLite's math functions), for any table with `lat` and `lng` columns:
 * the haversine formula of app/lib/distance.ts, so a row is as far in a filter or an order as on
 * its card. The marketplace's search and saved searches, and the community's Local, take it from here.
 */

type Columns = { lat: SQLWrapper; lng: SQLWrapper };

/** km from `origin` to the row's point; null when the row has none. */
export function distanceSql({ lat, lng }: Columns, origin: Point): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(min(1, sqrt(
    power(sin(radians(${lat} - ${origin.lat}) / 2), 2) +
    cos(radians(${origin.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${origin.lng}) / 2), 2)))))`;
}

/**
 * Rows within `radiusKm` of `origin`: a bounding box first (cheap, and an index's range when
 * `indexed`), then the exact distance. Not `indexed`, the box is only checked (a unary +), so a
 * query walking another index in its order keeps walking it.
 */
export function withinRadiusSql(columns: Columns, origin: Point, radiusKm: number, { indexed = true } = {}): SQL[] {
  const box = boundingBox(origin, radiusKm);
  const plus = sql.raw(indexed ? "" : "+");
  return [
    sql`${plus}${columns.lat} BETWEEN ${box.minLat} AND ${box.maxLat}`,
    sql`${plus}${columns.lng} BETWEEN ${box.minLng} AND ${box.maxLng}`,
    sql`${distanceSql(columns, origin)} <= ${radiusKm}`,
  ];
}
