import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { listings } from "../../../../db/schema";
import { exchangeChanged } from "../cache.server";
import type { Db } from "~/services/database/db.server";

/**
 * Moderators hiding and restoring a listing (see community/hiding.server for posts). A hidden
 * listing leaves the search for everyone and cannot be asked for; orders already made on it go
 * on between their two parties.
 */

/** Hides (or restores) a listing; its owner and title, or null when it does not exist or was already so. */
export async function setListingHidden(tx: Db, listingId: number, hidden: boolean) {
  const row = await tx
    .update(listings)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(listings.id, listingId), hidden ? isNull(listings.hiddenAt) : isNotNull(listings.hiddenAt)))
    .returning({ ownerId: listings.sellerId, title: listings.title })
    .get();
  return row ?? null;
}

/** After the moderator's transaction: the searches kept in memory are computed afresh. */
export async function listingVisibilityChanged() {
  exchangeChanged();
}
