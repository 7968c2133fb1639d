import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";
import type { Point } from "~/lib/distance";

/** The member's own location's point; null when they gave none the gazetteer knows. */
export async function memberPoint(memberId: number): Promise<Point | null> {
  const row = await getDb().select({ lat: users.lat, lng: users.lng }).from(users).where(eq(users.id, memberId)).get();
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}
