import { eq } from "drizzle-orm";
import { listingLots } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";

/**
 * The lot a listing was made from, or null for a listing of anything else: an order of such a
 * listing is an onward hand-over of a load already on the platform (the impact ledger counts its
 * weight at the load's first hand-over only). Read in the completing transaction.
 */
export async function lotOfListing(db: Db = getDb(), listingId: number): Promise<number | null> {
  const row = await db.select({ lotId: listingLots.lotId }).from(listingLots).where(eq(listingLots.listingId, listingId)).get();
  return row?.lotId ?? null;
}
