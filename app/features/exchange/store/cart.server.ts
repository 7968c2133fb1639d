import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cartItems, listingPhotos, listings, users } from "../../../../db/schema";
import { andSql, blockedIdsOf, canSeeListing, visibleListingConditions, type Viewer } from "~/services/access.server";
import { changedRows, getDb, sqlStatement, type Db } from "~/services/database/db.server";
import { mediaUrl } from "~/services/media.server";
import type { ListingPhotoView } from "../wire";

/** Carts' store: a member's lines, each a quantity of one listing (the rules are in ../cart.server.ts). */

/**
 * The viewer's lines with their listings and sellers, in the order they were added, leaving out
 * those the viewer may not see, and the first photo of each listing.
 */
export async function cartLines(viewer: Viewer, db: Db = getDb()) {
  // Read once for every line, not once a line.
  const blocked = await blockedIdsOf(viewer.id);
  const rows = (
    await db
      .select({
        line: cartItems,
        listing: listings,
        seller: { id: users.id, username: users.username },
      })
      .from(cartItems)
      .innerJoin(listings, eq(listings.id, cartItems.listingId))
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(eq(cartItems.userId, viewer.id))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.listingId))
      .all()
  ).filter((row) => canSeeListing(viewer, row.listing, blocked));
  const photos = firstPhotos(
    db,
    rows.map((row) => row.listing.id),
  );
  return { rows, photos };
}

async function firstPhotos(db: Db, listingIds: number[]) {
  const photos = new Map<number, ListingPhotoView>();
  if (!listingIds.length) return photos;
  const rows = await db
    .select({ listingId: listingPhotos.listingId, fileName: listingPhotos.fileName, mimeType: listingPhotos.mimeType })
    .from(listingPhotos)
    .where(inArray(listingPhotos.listingId, listingIds))
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    .all();
  for (const row of rows) {
    if (!photos.has(row.listingId)) photos.set(row.listingId, { url: mediaUrl(row.fileName), mime_type: row.mimeType });
  }
  return photos;
}

/** How many lines the viewer's cart holds (the cart link's count). */
export async function cartCount(viewer: Viewer): Promise<number> {
  // Only lines the cart shows: a listing hidden by moderators or of a member the viewer blocked
  // since is not counted, as getCart leaves it out.
  const visible = await visibleListingConditions(viewer, alias(listings, "l"));
  const lines = await sqlStatement(
    sql`SELECT count(*) FROM cart_lines c JOIN listings l ON l.id = c.listing_id WHERE c.user_id = ${viewer.id}${andSql(visible)}`,
  ).value<number>();
  return lines ?? 0;
}

/** How much of a listing the viewer's cart holds (0 when none). */
export async function quantityInCart(viewer: Viewer, listingId: number, db: Db = getDb()): Promise<number> {
  return (
    (
      await db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, viewer.id), eq(cartItems.listingId, listingId)))
        .get()
    )?.quantity ?? 0
  );
}

/** Sets a line's quantity, adding the line when there is none. */
export async function writeLine(db: Db, viewer: Viewer, listingId: number, quantity: number): Promise<void> {
  await db
    .insert(cartItems)
    .values({ userId: viewer.id, listingId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.listingId], set: { quantity } })
    .run();
}

/** Removes a line; answers whether there was one. */
export async function removeLine(db: Db, viewer: Viewer, listingId: number): Promise<boolean> {
  const changes = changedRows(
    await db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, viewer.id), eq(cartItems.listingId, listingId)))
      .run(),
  );
  return changes > 0;
}

/** Empties the viewer's cart. */
export async function emptyCart(db: Db, viewer: Viewer): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, viewer.id)).run();
}
