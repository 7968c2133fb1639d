import { and, asc, count, eq, ne } from "drizzle-orm";
import { savedSearches, savedSearchMatches, users } from "../../../../db/schema";
import type { EmailMode } from "../../../../db/notification-values";
import { getDb, type Db, changedRows } from "~/services/database/db.server";
import type { SavedSearchQuery } from "../schemas";

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  alert: savedSearches.alert,
  lastListingId: savedSearches.lastListingId,
  createdAt: savedSearches.createdAt,
};

export type SavedSearchRow = {
  id: number;
  name: string;
  query: SavedSearchQuery;
  alert: EmailMode;
  lastListingId: number | null;
  createdAt: Date;
};

/** A member's saved searches, oldest first. */
export async function savedSearchesOf(memberId: number, db: Db = getDb()): Promise<SavedSearchRow[]> {
  return (await db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.memberId, memberId))
    .orderBy(asc(savedSearches.id))
    .all()) as unknown as SavedSearchRow[];
}

export async function countSavedSearches(db: Db, memberId: number): Promise<number> {
  return (await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.memberId, memberId)).get())?.n ?? 0;
}

export async function insertSavedSearch(
  db: Db,
  memberId: number,
  values: { name: string; query: SavedSearchQuery; alert: EmailMode },
): Promise<number> {
  return (
    await db
      .insert(savedSearches)
      .values({ memberId, name: values.name, query: values.query as Record<string, string | number>, alert: values.alert })
      .returning({ id: savedSearches.id })
      .get()
  ).id;
}

/** Deletes one of the member's saved searches; answers whether there was one. */
export async function deleteSavedSearch(memberId: number, id: number, db: Db = getDb()): Promise<boolean> {
  return (
    changedRows(
      await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId)))
        .run(),
    ) > 0
  );
}

/** Changes one of the member's saved searches' alert; answers whether there was one. */
export async function setSavedSearchAlert(memberId: number, id: number, alert: EmailMode, db: Db = getDb()) {
  return (
    changedRows(
      await db
        .update(savedSearches)
        .set({ alert })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId)))
        .run(),
    ) > 0
  );
}

/** The saved searches that alert (not "off") of members other than `sellerId`, with each member's role. */
export async function alertingSearchesFor(sellerId: number, db: Db = getDb()) {
  return (await db
    .select({ ...columns, memberId: savedSearches.memberId, userType: users.userType })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.memberId))
    .where(and(ne(savedSearches.alert, "off"), ne(savedSearches.memberId, sellerId)))
    .orderBy(asc(savedSearches.id))
    .all()) as unknown as (SavedSearchRow & { memberId: number; userType: (typeof users.$inferSelect)["userType"] })[];
}

/** Records that a saved search told its member of a listing; answers false when it already had. */
export async function recordMatch(db: Db, savedSearchId: number, listingId: number): Promise<boolean> {
  const inserted = changedRows(
    await db.insert(savedSearchMatches).values({ savedSearchId, listingId }).onConflictDoNothing().run(),
  );
  if (inserted) await db.update(savedSearches).set({ lastListingId: listingId }).where(eq(savedSearches.id, savedSearchId)).run();
  return inserted > 0;
}

/** The member's saved searches for their export. */
export async function exportedSavedSearches(memberId: number) {
  return (await savedSearchesOf(memberId)).map((row) => ({
    id: row.id,
    name: row.name,
    query: row.query,
    alert: row.alert,
    created_at: row.createdAt.toISOString(),
  }));
}

/** A deleted member's saved searches go (their matches with them). */
export async function eraseSavedSearches(db: Db, memberId: number) {
  await db.delete(savedSearches).where(eq(savedSearches.memberId, memberId)).run();
}
