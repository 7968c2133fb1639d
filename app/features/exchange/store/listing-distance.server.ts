import { eq, sql } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { getDb, keptQuery } from "~/services/database/db.server";
import type { Point } from "~/lib/distance";

/** The member's own location's point; null when they gave none the gazetteer knows. */
export async function memberPoint(memberId: number): Promise<Point | null> {
  // Kept: every listings search reads it, and building its SQL cost more than running it.
  const db = getDb();
  const query = keptQuery(db, "listings.memberPoint", (handle) =>
    handle
      .select({ lat: users.lat, lng: users.lng })
      .from(users)
      .where(eq(users.id, sql.placeholder("memberId")))
      .prepare(),
  );
  const row = await query.get({ memberId });
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}
